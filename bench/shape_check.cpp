// SPDX-License-Identifier: BSD-3-Clause
// The checks of one shape (shape_check.hpp).
#include "shape_check.hpp"

#include "history_shapes.hpp"

#include "analysis/configuration.hpp"
#include "analysis/experiment.hpp"
#include "analysis/history/commit_axis.hpp"
#include "gate/commit_selection.hpp"
#include "gate/reports.hpp"
#include "pages/site_builder.hpp"

#include <set>
#include <sstream>
#include <tuple>
#include <variant>

namespace tally::bench {
namespace {

using Place = std::tuple<std::string, std::string, std::string>; // experiment, configuration key, region

/// Every (experiment, configuration, region) of the candidate's completed runs.
std::set<Place> candidate_regions(const analysis::ingest::RunSet& runs, const std::string& candidate) {
  std::set<Place> out;
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const model::RunDocument& document = run.document;
    if (!document.source || document.source->commit != candidate ||
        document.run.outcome != model::RunOutcome::completed)
      continue;
    for (const model::Region& region : document.regions)
      out.insert({document.run.experiment, analysis::configuration_of(document).key(), region.name});
  }
  return out;
}

/// Whether the gate said something of `place`: a check, a new region, its configuration new or
/// hung, or its experiment not compared.
bool accounted(const gate::GateResult& result, const Place& place) {
  const auto& [experiment, configuration, region] = place;
  const auto same_cell = [&](const std::string& e, const analysis::Configuration& c) {
    return e == experiment && c.key() == configuration;
  };
  const auto same_place = [&](const auto& item) {
    return same_cell(item.experiment, item.configuration) && item.region == region;
  };
  const auto same_configuration = [&](const gate::OneSided& one) {
    return same_cell(one.experiment, one.configuration);
  };
  const auto hung_here = [&](const gate::RunEvent& event) {
    return event.kind == gate::RunEventKind::hung && same_cell(event.experiment, event.configuration);
  };
  const auto not_compared = [&](const std::string& line) { return line.starts_with(experiment + " @ "); };
  return std::any_of(result.checks.begin(), result.checks.end(), same_place) ||
         std::any_of(result.new_regions.begin(), result.new_regions.end(), same_place) ||
         std::any_of(result.new_configurations.begin(), result.new_configurations.end(), same_configuration) ||
         std::any_of(result.run_events.begin(), result.run_events.end(), hung_here) ||
         std::any_of(result.not_compared.begin(), result.not_compared.end(), not_compared);
}

void build_site(const analysis::ingest::RunSet& runs, const std::filesystem::path& templates,
                const std::filesystem::path& site) {
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const auto experiments = analysis::group_experiments(runs, axis, std::nullopt);
  pages::build_site({site, "main", 1}, pages::Templates(templates), runs, axis, experiments);
}

} // namespace

ShapeCheck check_shape(std::uint64_t seed, const std::filesystem::path& templates, const std::filesystem::path& site) {
  const ShapedHistory shaped = shaped_history(seed, seed % 2 == 1, ShapeKinds::any);
  ShapeCheck out{describe(seed, shaped), {}};
  const analysis::ingest::RunSet& runs = shaped.history.runs;
  gate::SelectionRequest request;
  request.candidate = commit_name(shaped.newest);
  const gate::SelectionResult selected = gate::select_commits(runs, request);
  if (const auto* error = std::get_if<gate::SelectionError>(&selected)) {
    out.problems.push_back("no commits selected: " + error->message);
    return out;
  }
  const auto& chosen = std::get<gate::SelectedCommits>(selected);
  try {
    const gate::GateResult result =
        gate::compare_runs(runs, chosen.selection, gate::GateConfig{}, chosen.candidate_commit, "2026-02-01");
    std::ostringstream reports;
    gate::write_markdown(reports, chosen.heading, result);
    gate::write_junit(reports, chosen.heading, result);
    gate::write_metrics(reports, result);
    gate::write_dotenv(reports, result, {chosen.candidate_commit, chosen.baseline_commit, false});
    gate::write_findings(reports, result);
    for (const Place& place : candidate_regions(runs, chosen.candidate_commit)) {
      if (!accounted(result, place))
        out.problems.push_back(std::get<2>(place) + " at " + std::get<1>(place) + " in " + std::get<0>(place) +
                               ": neither judged nor listed");
    }
  } catch (const std::exception& error) {
    out.problems.push_back(std::string("the gate threw: ") + error.what());
  }
  if (site.empty()) return out;
  try {
    build_site(runs, templates, site);
  } catch (const std::exception& error) {
    out.problems.push_back(std::string("the site threw: ") + error.what());
  }
  std::filesystem::remove_all(site);
  return out;
}

} // namespace tally::bench
