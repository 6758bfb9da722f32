// SPDX-License-Identifier: BSD-3-Clause
// The evidence walks the cells of analysis::group_experiments (commit position 0 = baseline, 1 =
// candidate), so grouping and per-run metrics are the site's, not a second implementation.
#include "gate/history_evidence.hpp"

#include "gate/energy_basis.hpp"
#include "gate/environment.hpp"

#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <tuple>

namespace tally::gate {
namespace {

std::vector<double> values_of(const std::vector<model::MetricValues>& repetitions, model::MetricId metric) {
  std::vector<double> out;
  out.reserve(repetitions.size()); // sized once: taken for every metric of every commit of the history
  for (const model::MetricValues& values : repetitions) {
    if (const auto value = values.get(metric)) out.push_back(*value);
  }
  return out;
}

struct Cell {
  const analysis::Experiment& experiment;
  const analysis::Configuration& configuration;
  const analysis::Repetitions& baseline;
  const analysis::Repetitions& candidate;
  std::size_t column = 0;                      ///< the configuration's column in the experiment
  std::size_t baseline_at = baseline_position; ///< the commit of `baseline` (baseline_of)
  ByCommit<analysis::Repetitions> history;     ///< comparable runs of each history commit with runs here, older than it
  std::optional<model::MetricValues> global{}; ///< the baseline's medians of Global, when it has one
};

/// The reference configuration of a region at each commit position (analysis::reference_runs),
/// indexed by position: found once for the cells of every configuration at one CPU frequency,
/// which share it.
using References = std::vector<analysis::ReferenceRuns>;

/// The references of each region of `experiment` (indexed like its regions) at positions below
/// `positions`, for the configurations at the CPU frequency of configuration `column`.
std::vector<References> references_of(const analysis::Experiment& experiment, std::size_t positions,
                                      std::size_t column) {
  std::vector<References> out(experiment.regions.size());
  for (std::size_t r = 0; r < experiment.regions.size(); ++r) {
    out[r].reserve(positions);
    for (std::size_t position = 0; position < positions; ++position)
      out[r].push_back(analysis::reference_runs(experiment, position, experiment.regions[r], column));
  }
  return out;
}

/// The repetitions' metrics of `region` in `runs`, a commit whose reference configuration is
/// `reference`: with the metrics across runs (computation scalability, global efficiency, ...)
/// against that commit's own reference configuration (the site's: the fewest resources with the
/// region at the cell's CPU frequency), repetition by repetition, except at the reference
/// configuration itself, where they would compare the runs with themselves; and with the energy to
/// solution when every run's energy is on `energy`, the candidate's basis (energy_basis.hpp).
std::vector<model::MetricValues> metrics_at(const Cell& cell, const analysis::Repetitions& runs,
                                            const std::string& region, const analysis::ReferenceRuns& reference,
                                            const std::optional<std::string>& energy) {
  std::vector<model::MetricValues> out =
      reference.raws.empty() || reference.column == cell.column
          ? analysis::repetition_metrics(runs, region, nullptr, cell.experiment.scaling)
          : analysis::paired_repetition_metrics(runs, reference.raws, region, cell.experiment.scaling);
  add_energy(out, runs, region, energy);
  return out;
}

/// The repetitions' metrics of a region at each commit where it ran here, the baseline's among
/// them, and the column of each commit's reference configuration (metrics across runs).
struct CommitMetrics {
  ByCommit<std::vector<model::MetricValues>> repetitions;
  ByCommit<std::size_t> reference_columns;
};

/// The metrics of the region at each history commit with runs here, then the baseline's: the noise
/// and the level are learned from them.
CommitMetrics commit_repetitions(const Cell& cell, const std::string& region, const References& references,
                                 const std::vector<model::MetricValues>& baseline,
                                 const std::optional<std::string>& energy) {
  CommitMetrics out;
  const auto add = [&](std::vector<model::MetricValues> values, std::size_t position) {
    out.repetitions[position] = std::move(values);
    out.reference_columns[position] = references[position].column;
  };
  for (const auto& [position, runs] : cell.history) {
    auto values = metrics_at(cell, runs, region, references[position], energy);
    if (!values.empty()) add(std::move(values), position);
  }
  add(baseline, cell.baseline_at);
  return out;
}

bool across_runs(model::MetricId metric) { return model::metric_info(metric).scope == model::MetricScope::across_runs; }

/// A check of `history`'s metric, its values keyed by their commits. A metric across runs compares
/// each commit's runs with its own reference configuration's: a commit whose reference was another
/// configuration than the candidate's (its runs there missing) has none of its values.
HistoryCheck history_check(Check check, const CommitMetrics& history, std::size_t baseline_at,
                           std::size_t candidate_reference_column) {
  HistoryCheck out;
  out.check = std::move(check);
  out.reference_columns = history.reference_columns;
  out.baseline_at = baseline_at;
  out.candidate_reference_column = candidate_reference_column;
  for (const auto& [position, repetitions] : history.repetitions) {
    const bool comparable =
        !across_runs(out.check.metric) || history.reference_columns.at(position) == candidate_reference_column;
    out.commits[position] = comparable ? values_of(repetitions, out.check.metric) : std::vector<double>{};
  }
  return out;
}

/// The region's share of Global in what the check of `metric` costs the run: energy for energy,
/// elapsed time otherwise; 1 without a Global region or without the quantity on either.
double share_of(const Cell& cell, const model::MetricValues& region, model::MetricId metric) {
  const model::MetricId quantity =
      model::metric_info(metric).kind == model::MetricKind::energy ? metric : model::MetricId::elapsed_ns;
  const std::optional<double> part = region.get(quantity);
  const std::optional<double> whole = cell.global ? cell.global->get(quantity) : std::nullopt;
  return part && whole && *whole > 0 ? *part / *whole : 1.0;
}

/// Where a region the baseline lacks ran before it: "back after a gap: last measured 3 commits
/// before the baseline"; empty when no history commit of the cell has it.
std::string last_seen(const Cell& cell, const std::string& region) {
  // Newest first: the smallest positions.
  for (auto commit = cell.history.rbegin(); commit != cell.history.rend(); ++commit) {
    const auto& [position, runs] = *commit;
    const bool ran = std::any_of(runs.begin(), runs.end(), [&](const analysis::ingest::LoadedRun* run) {
      return model::find_region(run->document, region) != nullptr;
    });
    if (ran)
      return "back after a gap: last measured " + std::to_string(position - first_history_position + 1) +
             (position == first_history_position ? " commit" : " commits") + " before the baseline";
  }
  return "";
}

/// The newest commit of `history` whose reference configuration is `reference` and whose runs have
/// `metric`; none where no commit's was.
std::optional<std::size_t> newest_with_reference(const CommitMetrics& history, std::size_t reference,
                                                 model::MetricId metric) {
  // Newest first: the smallest positions.
  for (auto commit = history.repetitions.rbegin(); commit != history.repetitions.rend(); ++commit) {
    const auto& [position, repetitions] = *commit;
    if (history.reference_columns.at(position) == reference && !values_of(repetitions, metric).empty()) return position;
  }
  return std::nullopt;
}

/// Where the baseline's reference configuration of a region is another than the candidate's (the
/// runs at the candidate's missing from the baseline): the commit its metrics across runs were
/// judged against, none where no commit had the candidate's reference.
struct ReferenceMoved {
  std::size_t baseline_reference = 0;
  std::size_t candidate_reference = 0;
  std::optional<std::size_t> judged_at;
};

/// The checks of `region` in `cell`, not weighed yet, added to `pending`; its count changes, new or
/// removed region, to `out`. Where the baseline's reference configuration is another than the
/// candidate's, its metrics across runs are judged against the newest commit whose reference was the
/// candidate's, or not at all: returned.
std::optional<ReferenceMoved> compare_region(const Cell& cell, const std::string& region, const References& references,
                                             const GateConfig& config, std::vector<HistoryCheck>& pending,
                                             GateResult& out) {
  // The candidate's energy decides what energy is compared: only runs measured alike join it.
  const std::optional<std::string> energy = energy_basis(cell.candidate, region);
  const auto baseline = metrics_at(cell, cell.baseline, region, references[cell.baseline_at], energy);
  const auto candidate = metrics_at(cell, cell.candidate, region, references[candidate_position], energy);
  if (baseline.empty() && candidate.empty()) return std::nullopt;
  if (baseline.empty() || candidate.empty()) {
    auto& list = baseline.empty() ? out.new_regions : out.removed_regions;
    list.push_back({cell.experiment.name, region, cell.configuration, baseline.empty() ? last_seen(cell, region) : ""});
    return std::nullopt;
  }
  const std::size_t candidate_reference = references[candidate_position].column;
  std::optional<ReferenceMoved> moved;
  if (references[cell.baseline_at].column != candidate_reference)
    moved = ReferenceMoved{references[cell.baseline_at].column, candidate_reference, std::nullopt};
  const model::MetricValues baseline_medians = analysis::median_metrics(baseline);
  const model::MetricValues candidate_medians = analysis::median_metrics(candidate);
  const auto history = commit_repetitions(cell, region, references, baseline, energy);
  const std::optional<std::string> parent = analysis::region_parent(cell.candidate, region);
  for (const model::MetricInfo& info : model::metric_table()) {
    const CheckRule rule = rule_for(config, region, info.id);
    if (rule.direction == Direction::ignored) continue;
    std::size_t baseline_at = cell.baseline_at;
    std::vector<double> baseline_values = values_of(baseline, info.id);
    if (moved && across_runs(info.id)) {
      const std::optional<std::size_t> judged_at = newest_with_reference(history, candidate_reference, info.id);
      if (!judged_at) continue;
      moved->judged_at = judged_at;
      baseline_at = *judged_at;
      baseline_values = values_of(history.repetitions.at(baseline_at), info.id);
    }
    Check check{cell.experiment.name,
                region,
                cell.configuration,
                info.id,
                rule,
                {},
                std::move(baseline_values),
                values_of(candidate, info.id),
                baseline_medians,
                candidate_medians,
                {}};
    if (check.baseline_values.empty() || check.candidate_values.empty()) continue;
    check.parent = parent;
    check.share = share_of(cell, baseline_medians, info.id);
    if (info.id == model::MetricId::energy_j) check.energy_basis = *energy;
    pending.push_back(history_check(std::move(check), history, baseline_at, candidate_reference));
  }
  CountComparison counts =
      compare_counts(cell.experiment.name, cell.configuration, cell.baseline, cell.candidate, region, config);
  std::move(counts.changes.begin(), counts.changes.end(), std::back_inserter(out.count_changes));
  if (counts.measured) out.counted_cells.insert({cell.experiment.name, cell.configuration.key()});
  return moved;
}

/// "solver @ 4 ranks: metrics across runs against 1 rank, the candidate's reference configuration (the
/// baseline's: 2 ranks): 3 regions judged against the newest commit that had it, 2 commits before the
/// baseline" or, where no commit had it, "... : 3 regions not compared".
std::string reference_moved_text(const Cell& cell, const ReferenceMoved& moved, std::size_t regions) {
  const auto& configurations = cell.experiment.configurations;
  std::string out =
      cell.experiment.name + " @ " + cell.configuration.label() + ": metrics across runs against " +
      configurations[moved.candidate_reference].label() +
      ", the candidate's reference configuration (the baseline's: " + configurations[moved.baseline_reference].label() +
      "): " + std::to_string(regions) + (regions == 1 ? " region" : " regions");
  if (!moved.judged_at) return out + " not compared (no commit before had it)";
  const std::size_t before = *moved.judged_at - first_history_position + 1;
  return out + " judged against the newest commit that had it, " + std::to_string(before) +
         (before == 1 ? " commit" : " commits") + " before the baseline";
}

/// The baseline's medians of Global in one cell (its energy on the candidate's basis), when its
/// runs have a Global region.
std::optional<model::MetricValues> global_of(const Cell& cell) {
  const auto& regions = cell.experiment.regions;
  if (std::find(regions.begin(), regions.end(), "Global") == regions.end()) return std::nullopt;
  auto values = analysis::repetition_metrics(cell.baseline, "Global", nullptr, cell.experiment.scaling);
  if (values.empty()) return std::nullopt;
  add_energy(values, cell.baseline, "Global", energy_basis(cell.candidate, "Global"));
  return analysis::median_metrics(values);
}

/// The runs a cell's candidate is compared with, and their commit.
struct CellBaseline {
  const analysis::Repetitions* runs = nullptr;
  std::size_t position = baseline_position;
};

/// The baseline's runs at configuration `column`, or where the baseline did not run it, those of the
/// newest of the `history_commits` history commits that did (a scale run nightly, a configuration
/// the baseline's job lost): a candidate is judged against the configuration's own past, not
/// left unjudged; nullopt where no commit ran it.
std::optional<CellBaseline> baseline_of(const analysis::Experiment& experiment, std::size_t column,
                                        std::size_t history_commits) {
  for (std::size_t position = baseline_position; position < first_history_position + history_commits;
       position = position == baseline_position ? first_history_position : position + 1) {
    if (const analysis::Repetitions* runs = experiment.repetitions(position, column))
      return CellBaseline{runs, position};
  }
  return std::nullopt;
}

/// "judged against abc123def456, 2 commits before the baseline: the newest that ran it (the
/// baseline did not)" for a cell whose baseline is a history commit.
OneSided older_baseline(const analysis::Experiment& experiment, const analysis::Configuration& configuration,
                        std::size_t position, const CommitSelection& selection) {
  const std::set<std::string>& ids = selection.history[position - first_history_position];
  const std::size_t before = position - first_history_position + 1;
  return {experiment.name, "", configuration,
          "judged against " + (ids.empty() ? std::string("a history commit") : ids.begin()->substr(0, 12)) + ", " +
              std::to_string(before) + (before == 1 ? " commit" : " commits") +
              " before the baseline: the newest that ran it (the baseline did not)"};
}

/// A configuration that one side ran and the other did not, when either did: listed, with the other
/// side's hung runs there said.
void one_sided_configuration(const analysis::Experiment& experiment, std::size_t column, bool in_candidate,
                             GateResult& out) {
  const std::size_t ran = in_candidate ? candidate_position : baseline_position;
  const std::size_t missing = in_candidate ? baseline_position : candidate_position;
  if (!experiment.repetitions(ran, column)) return;
  const bool hung = experiment.hung_runs(missing, column) != nullptr;
  auto& list = in_candidate ? out.new_configurations : out.removed_configurations;
  list.push_back({experiment.name, "", experiment.configurations[column],
                  hung ? std::string(in_candidate ? "the baseline's" : "the candidate's") + " runs here hung" : ""});
}

} // namespace

analysis::history::CommitAxis comparison_axis(const CommitSelection& selection) {
  analysis::history::CommitAxis axis;
  for (const std::string& commit : selection.baseline)
    axis.index[commit] = baseline_position;
  for (const std::string& commit : selection.candidate)
    axis.index[commit] = candidate_position;
  for (std::size_t i = 0; i < selection.history.size(); ++i) {
    for (const std::string& commit : selection.history[i])
      axis.index[commit] = first_history_position + i;
  }
  return axis;
}

std::vector<CellChecks> gather_history_checks(const analysis::ingest::RunSet& runs,
                                              const analysis::history::CommitAxis& axis,
                                              std::span<const analysis::Experiment> experiments,
                                              const CommitSelection& selection, const GateConfig& config,
                                              GateResult& out) {
  std::vector<CellChecks> cells;
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const auto position = axis.position(run.document);
    if (position == baseline_position) ++out.baseline_runs;
    if (position == candidate_position) ++out.candidate_runs;
  }
  for (const analysis::Experiment& experiment : experiments) {
    std::map<std::uint64_t, std::vector<References>> references_by_frequency;
    for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
      const analysis::Configuration& configuration = experiment.configurations[column];
      // A hung candidate run fails the gate whether or not the baseline ran this configuration.
      if (const analysis::Repetitions* hung = experiment.hung_runs(candidate_position, column)) {
        std::vector<RunEvent> events = hung_run_events(experiment.name, configuration, *hung);
        std::move(events.begin(), events.end(), std::back_inserter(out.run_events));
      }
      const analysis::Repetitions* candidate = experiment.repetitions(candidate_position, column);
      const std::optional<CellBaseline> baseline = baseline_of(experiment, column, selection.history.size());
      if (!candidate || !baseline) {
        one_sided_configuration(experiment, column, candidate != nullptr, out);
        continue;
      }
      // Baseline runs measured elsewhere are left out; a cell with none left is not compared.
      const analysis::Repetitions comparable = comparable_runs(*baseline->runs, *candidate);
      if (comparable.empty()) {
        out.not_compared.push_back(experiment.name + " @ " + configuration.label() + ": " +
                                   environment_difference(*baseline->runs->front(), *candidate->front()));
        continue;
      }
      if (baseline->position != baseline_position)
        out.older_baselines.push_back(older_baseline(experiment, configuration, baseline->position, selection));
      std::vector<RunEvent> shapes = compare_run_shapes(experiment.name, configuration, comparable, *candidate);
      std::move(shapes.begin(), shapes.end(), std::back_inserter(out.run_events));
      Cell cell{experiment, configuration, comparable, *candidate, column, baseline->position, {}};
      cell.global = global_of(cell);
      for (std::size_t i = 0; i < selection.history.size(); ++i) {
        const analysis::Repetitions* earlier = experiment.repetitions(first_history_position + i, column);
        if (!earlier || first_history_position + i <= baseline->position) continue;
        analysis::Repetitions kept = comparable_runs(*earlier, *candidate);
        if (!kept.empty()) cell.history[first_history_position + i] = std::move(kept);
      }
      auto [references, first_at_frequency] = references_by_frequency.try_emplace(configuration.cpu_frequency_khz);
      if (first_at_frequency)
        references->second = references_of(experiment, first_history_position + selection.history.size(), column);
      CellChecks& checks = cells.emplace_back(CellChecks{&experiment, configuration, column, {}});
      // One line per way the regions' references moved: most programs' regions all run everywhere.
      std::map<std::tuple<std::size_t, std::size_t, std::optional<std::size_t>>, std::size_t> moved_regions;
      for (std::size_t r = 0; r < experiment.regions.size(); ++r) {
        const auto moved =
            compare_region(cell, experiment.regions[r], references->second[r], config, checks.checks, out);
        if (moved) ++moved_regions[{moved->baseline_reference, moved->candidate_reference, moved->judged_at}];
      }
      for (const auto& [key, regions] : moved_regions) {
        const auto& [baseline_reference, candidate_reference, judged_at] = key;
        out.reference_notes.push_back(
            reference_moved_text(cell, {baseline_reference, candidate_reference, judged_at}, regions));
      }
    }
  }
  return cells;
}

} // namespace tally::gate
