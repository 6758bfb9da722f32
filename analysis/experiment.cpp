// SPDX-License-Identifier: BSD-3-Clause
// Grouping of runs into experiments, commits, configurations and repetitions.
#include "analysis/experiment.hpp"

#include <algorithm>
#include <set>

namespace tally::analysis {

namespace {

using Cells = std::map<std::size_t, std::map<std::size_t, Repetitions>>;

const Repetitions* cell_of(const Cells& cells, std::size_t commit, std::size_t configuration) {
  const auto at_commit = cells.find(commit);
  if (at_commit == cells.end()) return nullptr;
  const auto cell = at_commit->second.find(configuration);
  return cell == at_commit->second.end() ? nullptr : &cell->second;
}

} // namespace

const Repetitions* Experiment::repetitions(std::size_t commit, std::size_t configuration) const {
  return cell_of(cells, commit, configuration);
}

const Repetitions* Experiment::hung_runs(std::size_t commit, std::size_t configuration) const {
  return cell_of(hung_cells, commit, configuration);
}

std::vector<std::size_t> Experiment::commits() const {
  std::vector<std::size_t> out;
  for (const auto& [commit, row] : cells)
    out.push_back(commit);
  return out;
}

std::vector<Experiment> group_experiments(const ingest::RunSet& runs, const history::CommitAxis& axis,
                                          std::optional<model::Scaling> scaling) {
  std::map<std::string, std::vector<const ingest::LoadedRun*>> by_name;
  for (const ingest::LoadedRun& run : runs.runs) {
    if (axis.position(run.document)) by_name[run.document.run.experiment].push_back(&run);
  }
  std::vector<Experiment> out;
  for (const auto& [name, members] : by_name) {
    Experiment experiment;
    experiment.name = name;
    std::set<Configuration> configurations;
    std::set<std::string> regions;
    std::optional<model::Scaling> declared;
    for (const ingest::LoadedRun* run : members) {
      configurations.insert(configuration_of(run->document));
      // A region only a hung run reached has no measurement to show or compare.
      if (run->document.run.outcome == model::RunOutcome::completed) {
        for (const model::Region& region : run->document.regions)
          regions.insert(region.name);
      }
      if (run->document.run.scaling) declared = run->document.run.scaling;
    }
    experiment.configurations.assign(configurations.begin(), configurations.end());
    if (regions.erase("Global")) experiment.regions.emplace_back("Global");
    experiment.regions.insert(experiment.regions.end(), regions.begin(), regions.end());
    experiment.scaling = scaling.value_or(declared.value_or(model::Scaling::strong));
    experiment.scaling_source = scaling ? "option" : declared ? "documents" : "default";
    for (const ingest::LoadedRun* run : members) {
      const auto column = std::find(experiment.configurations.begin(), experiment.configurations.end(),
                                    configuration_of(run->document)) -
                          experiment.configurations.begin();
      auto& cells = run->document.run.outcome == model::RunOutcome::hung ? experiment.hung_cells : experiment.cells;
      cells[*axis.position(run->document)][static_cast<std::size_t>(column)].push_back(run);
    }
    out.push_back(std::move(experiment));
  }
  return out;
}

} // namespace tally::analysis
