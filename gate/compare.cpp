// SPDX-License-Identifier: BSD-3-Clause
// The comparison walks the cells of analysis::group_experiments (commit position 0 = baseline, 1 =
// candidate), so grouping and per-run metrics are the site's, not a second implementation.
#include "gate/compare.hpp"

#include "gate/environment.hpp"

#include "analysis/experiment.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <iterator>

namespace tally::gate {
namespace {

constexpr std::size_t baseline_position = 0;
constexpr std::size_t candidate_position = 1;
constexpr std::size_t first_history_position = 2;

model::MetricValues medians_of(const std::vector<model::MetricValues>& repetitions) {
  model::MetricValues out;
  const analysis::MetricSummaries summaries = analysis::summarize(repetitions);
  for (const model::MetricInfo& info : model::metric_table()) {
    if (const auto& summary = summaries[static_cast<std::size_t>(info.id)]) out.set(info.id, summary->median);
  }
  return out;
}

std::vector<double> values_of(const std::vector<model::MetricValues>& repetitions, model::MetricId metric) {
  std::vector<double> out;
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
  std::vector<analysis::Repetitions> history; ///< comparable runs of each history commit with runs here
};

/// The repetitions' metrics of the region at each history commit with runs here, oldest first, then
/// the baseline's: the noise and the level are learned from them.
std::vector<std::vector<model::MetricValues>> commit_repetitions(const Cell& cell, const std::string& region,
                                                                 const std::vector<model::MetricValues>& baseline) {
  std::vector<std::vector<model::MetricValues>> out;
  for (auto runs = cell.history.rbegin(); runs != cell.history.rend(); ++runs) {
    auto values = analysis::repetition_metrics(*runs, region, nullptr, cell.experiment.scaling);
    if (!values.empty()) out.push_back(std::move(values));
  }
  out.push_back(baseline);
  return out;
}

/// Learns the check's noise; when the baseline's level spans several commits, the check's baseline
/// sample becomes their repetitions pooled, so that the tolerance and the Mann-Whitney test compare
/// the candidate with the same reference.
void apply_noise(Check& check, const std::vector<std::vector<model::MetricValues>>& history) {
  std::vector<std::vector<double>> commits;
  for (const std::vector<model::MetricValues>& repetitions : history) {
    std::vector<double> values = values_of(repetitions, check.metric);
    if (!values.empty()) commits.push_back(std::move(values));
  }
  check.configured_tolerance = check.rule.tolerance;
  check.history_commits = commits.size();
  check.noise = learn_noise(commits);
  if (check.noise && check.noise->level_commits > 1) {
    check.baseline_values.clear();
    for (std::size_t c = commits.size() - check.noise->level_commits; c < commits.size(); ++c)
      check.baseline_values.insert(check.baseline_values.end(), commits[c].begin(), commits[c].end());
  }
  check.rule.tolerance = tolerance_with_noise(check.rule, check.noise, analysis::median(check.baseline_values));
}

void compare_region(const Cell& cell, const std::string& region, const GateConfig& config,
                    const std::string& candidate_commit, const std::string& today, GateResult& out) {
  // Per-run metrics only (no reference run): scalability metrics are off by default (rules.hpp).
  const auto baseline = analysis::repetition_metrics(cell.baseline, region, nullptr, cell.experiment.scaling);
  const auto candidate = analysis::repetition_metrics(cell.candidate, region, nullptr, cell.experiment.scaling);
  if (baseline.empty() && candidate.empty()) return;
  if (baseline.empty() || candidate.empty()) {
    auto& list = baseline.empty() ? out.new_regions : out.removed_regions;
    list.push_back({cell.experiment.name, region, cell.configuration});
    return;
  }
  const model::MetricValues baseline_medians = medians_of(baseline);
  const model::MetricValues candidate_medians = medians_of(candidate);
  const auto history = commit_repetitions(cell, region, baseline);
  const std::optional<std::string> parent = analysis::region_parent(cell.candidate, region);
  for (const model::MetricInfo& info : model::metric_table()) {
    const CheckRule rule = rule_for(config, region, info.id);
    if (rule.direction == Direction::ignored) continue;
    Check check{cell.experiment.name,
                region,
                cell.configuration,
                info.id,
                rule,
                {},
                values_of(baseline, info.id),
                values_of(candidate, info.id),
                baseline_medians,
                candidate_medians,
                {}};
    if (check.baseline_values.empty() || check.candidate_values.empty()) continue;
    apply_noise(check, history);
    check.parent = parent;
    check.result = judge(check.rule, check.baseline_values, check.candidate_values);
    if (check.result.verdict == Verdict::regression) {
      const WaiverMatch waiver = match_waivers(config.waivers, region, info.id, candidate_commit, today);
      if (waiver.active) {
        check.result.verdict = Verdict::waived;
        check.note = "waived until " + waiver.active->expires + ": " + waiver.active->reason;
      } else if (waiver.expired) {
        check.note = "a waiver expired on " + waiver.expired->expires + ": " + waiver.expired->reason;
      }
    }
    out.checks.push_back(std::move(check));
  }
  std::vector<CountChange> counts = compare_counts(cell.experiment.name, cell.configuration, cell.baseline,
                                                   cell.candidate, region, config, candidate_commit, today);
  for (CountChange& change : counts) {
    // The region's elapsed-time check of this cell was just made: whether time moved too.
    const auto time = std::find_if(out.checks.begin(), out.checks.end(), [&](const Check& check) {
      return check.experiment == change.experiment && check.region == region &&
             check.configuration == change.configuration && check.metric == model::MetricId::elapsed_ns;
    });
    change.time_changed = time != out.checks.end() && time->result.verdict != Verdict::pass;
    out.count_changes.push_back(std::move(change));
  }
}

Verdict overall_of(const GateResult& result) {
  const auto any = [&](Verdict verdict) {
    return std::any_of(result.checks.begin(), result.checks.end(),
                       [&](const Check& check) { return check.result.verdict == verdict; }) ||
           std::any_of(result.count_changes.begin(), result.count_changes.end(),
                       [&](const CountChange& change) { return change.verdict == verdict; }) ||
           std::any_of(result.run_events.begin(), result.run_events.end(),
                       [&](const RunEvent& event) { return event.verdict == verdict; });
  };
  if (any(Verdict::regression)) return Verdict::regression;
  if (result.baseline_runs == 0) return Verdict::no_baseline;
  if (any(Verdict::improvement)) return Verdict::improvement;
  return Verdict::pass;
}

} // namespace

GateResult compare_runs(const analysis::ingest::RunSet& runs, const CommitSelection& selection,
                        const GateConfig& config, const std::string& candidate_commit, const std::string& today) {
  analysis::history::CommitAxis axis;
  for (const std::string& commit : selection.baseline)
    axis.index[commit] = baseline_position;
  for (const std::string& commit : selection.candidate)
    axis.index[commit] = candidate_position;
  for (std::size_t i = 0; i < selection.history.size(); ++i) {
    for (const std::string& commit : selection.history[i])
      axis.index[commit] = first_history_position + i;
  }
  GateResult out;
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const auto position = axis.position(run.document);
    if (position == baseline_position) ++out.baseline_runs;
    if (position == candidate_position) ++out.candidate_runs;
  }
  for (const analysis::Experiment& experiment : analysis::group_experiments(runs, axis, std::nullopt)) {
    for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
      const analysis::Configuration& configuration = experiment.configurations[column];
      // A hung candidate run fails the gate whether or not the baseline ran this configuration.
      if (const analysis::Repetitions* hung = experiment.hung_runs(candidate_position, column)) {
        std::vector<RunEvent> events = hung_run_events(experiment.name, configuration, *hung);
        std::move(events.begin(), events.end(), std::back_inserter(out.run_events));
      }
      const analysis::Repetitions* candidate = experiment.repetitions(candidate_position, column);
      const analysis::Repetitions* baseline = experiment.repetitions(baseline_position, column);
      if (!candidate || !baseline) continue;
      // Baseline runs measured elsewhere are left out; a cell with none left is not compared.
      const analysis::Repetitions comparable = comparable_runs(*baseline, *candidate);
      if (comparable.empty()) {
        out.not_compared.push_back(experiment.name + " @ " + configuration.label() + ": " +
                                   environment_difference(*baseline->front(), *candidate->front()));
        continue;
      }
      std::vector<RunEvent> shapes = compare_run_shapes(experiment.name, configuration, comparable, *candidate);
      std::move(shapes.begin(), shapes.end(), std::back_inserter(out.run_events));
      Cell cell{experiment, configuration, comparable, *candidate, {}};
      for (std::size_t i = 0; i < selection.history.size(); ++i) {
        const analysis::Repetitions* earlier = experiment.repetitions(first_history_position + i, column);
        if (!earlier) continue;
        analysis::Repetitions kept = comparable_runs(*earlier, *candidate);
        if (!kept.empty()) cell.history.push_back(std::move(kept));
      }
      for (const std::string& region : experiment.regions)
        compare_region(cell, region, config, candidate_commit, today, out);
    }
  }
  out.overall = overall_of(out);
  return out;
}

int exit_code_of(const GateResult& result) { return result.overall == Verdict::regression ? 1 : 0; }

} // namespace tally::gate
