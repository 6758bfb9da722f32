// SPDX-License-Identifier: BSD-3-Clause
// The comparison walks the cells of analysis::group_experiments (commit position 0 = baseline, 1 =
// candidate), so grouping and per-run metrics are the site's, not a second implementation.
#include "gate/compare.hpp"

#include "gate/decision.hpp"
#include "gate/energy_basis.hpp"
#include "gate/environment.hpp"
#include "gate/rule_usage.hpp"

#include "analysis/experiment.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <iterator>
#include <map>

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
  std::vector<analysis::Repetitions> history;  ///< comparable runs of each history commit with runs here
  std::vector<std::size_t> history_positions;  ///< their positions on the commit axis
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

/// The repetitions' metrics of the region at each history commit with runs here, oldest first, then
/// the baseline's: the noise and the level are learned from them.
std::vector<std::vector<model::MetricValues>> commit_repetitions(const Cell& cell, const std::string& region,
                                                                 const References& references,
                                                                 const std::vector<model::MetricValues>& baseline,
                                                                 const std::optional<std::string>& energy) {
  std::vector<std::vector<model::MetricValues>> out;
  for (std::size_t i = cell.history.size(); i-- > 0;) {
    auto values = metrics_at(cell, cell.history[i], region, references[cell.history_positions[i]], energy);
    if (!values.empty()) out.push_back(std::move(values));
  }
  out.push_back(baseline);
  return out;
}

/// A check not weighed yet, and its metric's values at each commit of its history, oldest first,
/// the baseline's last: what its noise is learned from.
struct PendingCheck {
  Check check;
  std::vector<std::vector<double>> commits;
};

PendingCheck pending_check(Check check, const std::vector<std::vector<model::MetricValues>>& history) {
  PendingCheck out{std::move(check), {}};
  for (const std::vector<model::MetricValues>& repetitions : history) {
    std::vector<double> values = values_of(repetitions, out.check.metric);
    if (!values.empty()) out.commits.push_back(std::move(values));
  }
  return out;
}

/// The history with the candidate's repetitions last, as repetition_scale takes it.
std::vector<std::vector<double>> with_candidate(const PendingCheck& pending) {
  std::vector<std::vector<double>> out = pending.commits;
  out.push_back(pending.check.candidate_values);
  return out;
}

/// The check's own drift test on a history long enough to learn from (learn_noise); nullopt on a
/// shorter one, whose three or four commit medians tell a drift from chance in no cell, so that
/// each such check keeps its own test (repetition_scale).
std::optional<double> learned_drift_p_value(const PendingCheck& pending) {
  const std::optional<LearnedNoise> noise = learn_noise(pending.commits);
  return noise ? noise->drift_p_value : std::nullopt;
}

/// Learns the check's noise (on a history long enough to learn from, the runner drifting as
/// `drifts` says, else as its own test says) and
/// weighs its change. When the baseline's level spans several commits, the check's baseline sample
/// becomes their repetitions pooled, so that the tolerance and the scale compare the candidate
/// with the same reference. Too short a history keeps the configured tolerance and learns the
/// scale from what there is, the candidate's repetitions included.
void weigh(PendingCheck& pending, std::optional<bool> drifts) {
  Check& check = pending.check;
  const std::vector<std::vector<double>>& commits = pending.commits;
  check.configured_tolerance = check.rule.tolerance;
  check.history_commits = commits.size();
  check.noise = learn_noise(commits, drifts);
  std::optional<Scale> scale;
  std::size_t level_commits = 1;
  if (check.noise) {
    scale = learned_scale(*check.noise);
    level_commits = check.noise->level_commits;
  } else if (const std::optional<ShortHistoryScale> short_history = repetition_scale(with_candidate(pending))) {
    scale = short_history->scale;
    level_commits = short_history->level_commits;
  }
  if (level_commits > 1) {
    check.baseline_values.clear();
    for (std::size_t c = commits.size() - level_commits; c < commits.size(); ++c)
      check.baseline_values.insert(check.baseline_values.end(), commits[c].begin(), commits[c].end());
  }
  check.rule.tolerance = tolerance_with_noise(check.rule, check.noise, analysis::median(check.baseline_values));
  check.result = weigh_change(check.rule, check.baseline_values, check.candidate_values, scale, check.share);
}

/// Weighs the checks of one cell, each metric's drift decided over the cell (shared_drift), and
/// adds them to `out` in their order.
void weigh_cell(std::vector<PendingCheck>& pending, GateResult& out) {
  std::vector<std::optional<double>> own(pending.size());
  std::map<model::MetricId, std::vector<double>> cell_p_values;
  for (std::size_t i = 0; i < pending.size(); ++i) {
    own[i] = learned_drift_p_value(pending[i]);
    if (own[i]) cell_p_values[pending[i].check.metric].push_back(*own[i]);
  }
  for (std::size_t i = 0; i < pending.size(); ++i) {
    weigh(pending[i], own[i] ? shared_drift(cell_p_values[pending[i].check.metric], *own[i]) : std::nullopt);
    out.checks.push_back(std::move(pending[i].check));
  }
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

/// The checks of `region` in `cell`, not weighed yet, added to `pending`; its count changes, new or
/// removed region, to `out`.
void compare_region(const Cell& cell, const std::string& region, const References& references, const GateConfig& config,
                    std::vector<PendingCheck>& pending, GateResult& out) {
  // The candidate's energy decides what energy is compared: only runs measured alike join it.
  const std::optional<std::string> energy = energy_basis(cell.candidate, region);
  const auto baseline = metrics_at(cell, cell.baseline, region, references[baseline_position], energy);
  const auto candidate = metrics_at(cell, cell.candidate, region, references[candidate_position], energy);
  if (baseline.empty() && candidate.empty()) return;
  if (baseline.empty() || candidate.empty()) {
    auto& list = baseline.empty() ? out.new_regions : out.removed_regions;
    list.push_back({cell.experiment.name, region, cell.configuration});
    return;
  }
  const model::MetricValues baseline_medians = medians_of(baseline);
  const model::MetricValues candidate_medians = medians_of(candidate);
  const auto history = commit_repetitions(cell, region, references, baseline, energy);
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
    check.parent = parent;
    check.share = share_of(cell, baseline_medians, info.id);
    if (info.id == model::MetricId::energy_j) check.energy_basis = *energy;
    pending.push_back(pending_check(std::move(check), history));
  }
  CountComparison counts =
      compare_counts(cell.experiment.name, cell.configuration, cell.baseline, cell.candidate, region, config);
  std::move(counts.changes.begin(), counts.changes.end(), std::back_inserter(out.count_changes));
  if (counts.measured) out.counted_cells.insert({cell.experiment.name, cell.configuration.key()});
}

/// The baseline's medians of Global in one cell (its energy on the candidate's basis), when its
/// runs have a Global region.
std::optional<model::MetricValues> global_of(const Cell& cell) {
  const auto& regions = cell.experiment.regions;
  if (std::find(regions.begin(), regions.end(), "Global") == regions.end()) return std::nullopt;
  auto values = analysis::repetition_metrics(cell.baseline, "Global", nullptr, cell.experiment.scaling);
  if (values.empty()) return std::nullopt;
  add_energy(values, cell.baseline, "Global", energy_basis(cell.candidate, "Global"));
  return medians_of(values);
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
    std::map<std::uint64_t, std::vector<References>> references_by_frequency;
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
      Cell cell{experiment, configuration, comparable, *candidate, column, {}, {}};
      cell.global = global_of(cell);
      for (std::size_t i = 0; i < selection.history.size(); ++i) {
        const analysis::Repetitions* earlier = experiment.repetitions(first_history_position + i, column);
        if (!earlier) continue;
        analysis::Repetitions kept = comparable_runs(*earlier, *candidate);
        if (kept.empty()) continue;
        cell.history.push_back(std::move(kept));
        cell.history_positions.push_back(first_history_position + i);
      }
      auto [references, first_at_frequency] = references_by_frequency.try_emplace(configuration.cpu_frequency_khz);
      if (first_at_frequency)
        references->second = references_of(experiment, first_history_position + selection.history.size(), column);
      std::vector<PendingCheck> pending;
      for (std::size_t r = 0; r < experiment.regions.size(); ++r)
        compare_region(cell, experiment.regions[r], references->second[r], config, pending, out);
      weigh_cell(pending, out);
    }
  }
  decide(out, config, candidate_commit, today);
  out.unused_rules = unused_rules(config, out);
  return out;
}

} // namespace tally::gate
