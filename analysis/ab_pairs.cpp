// SPDX-License-Identifier: BSD-3-Clause
// Pairs are matched by number within a configuration (tally run counts them per configuration), so
// the order of the files and of the runs does not matter.
#include "analysis/ab_pairs.hpp"

#include <array>
#include <set>

namespace tally::analysis {

AbStudyRuns pair_ab_study(const ingest::RunSet& runs, const std::string& id) {
  AbStudyRuns out;
  std::map<std::pair<std::string, Configuration>, AbPairs> cells;
  std::map<std::pair<std::string, Configuration>, std::map<std::uint64_t, std::array<const ingest::LoadedRun*, 2>>>
      by_pair; // [0] baseline, [1] candidate
  std::map<std::string, std::set<std::string>> regions;
  for (const ingest::LoadedRun& run : runs.runs) {
    const model::RunDocument& document = run.document;
    if (!document.run.ab_study || document.run.ab_study->id != id) continue;
    const bool candidate = document.run.ab_study->side == model::AbSide::candidate;
    ++(candidate ? out.candidate_runs : out.baseline_runs);
    const std::pair key{document.run.experiment, configuration_of(document)};
    AbPairs& cell = cells[key];
    cell.experiment = key.first;
    cell.configuration = key.second;
    if (document.run.scaling) cell.scaling = *document.run.scaling;
    if (document.run.outcome == model::RunOutcome::hung) {
      if (candidate) cell.candidate_hung.push_back(&run);
      continue;
    }
    by_pair[key][document.run.ab_study->pair][candidate ? 1 : 0] = &run;
    std::set<std::string>& names = regions[document.run.experiment]; // an entry for every experiment paired
    for (const model::Region& region : document.regions)
      names.insert(region.name);
  }
  for (auto& [experiment, names] : regions) {
    std::vector<std::string>& ordered = out.regions[experiment];
    if (names.erase("Global")) ordered.emplace_back("Global");
    ordered.insert(ordered.end(), names.begin(), names.end());
  }
  for (auto& [key, cell] : cells) {
    for (const auto& [pair, sides] : by_pair[key]) {
      if (!sides[0] || !sides[1]) continue;
      cell.baseline.push_back(sides[0]);
      cell.candidate.push_back(sides[1]);
    }
    out.configurations.push_back(std::move(cell));
  }
  return out;
}

} // namespace tally::analysis
