// SPDX-License-Identifier: BSD-3-Clause
// Both runs of a pair share the runner's state, so each pair's difference is the code's move plus
// the runner's drift within the pair. The evidence, the runner and each check's noise are the
// study's own, from the pairs' differences; the noise pooled, the test and the verdicts are the
// stages every gate shares (check_stages.hpp).
#include "gate/paired.hpp"

#include "gate/check_stages.hpp"
#include "gate/noise.hpp"
#include "gate/paired_uniform.hpp"

#include "analysis/ab_pairs.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>

namespace tally::gate {
namespace {

/// A check of an A/B study not decided yet: its pairs' differences.
struct PairedCheck : PendingCheck {
  std::size_t cell = 0;
  std::vector<std::size_t> pairs;  ///< the cell's pairs (indices into its complete pairs) that have the metric
  std::vector<double> differences; ///< one per pair, pair_difference
};

/// The metrics of `region` in each run, one entry per run (empty where the run lacks the region).
std::vector<model::MetricValues> per_run_metrics(const analysis::Repetitions& runs, const std::string& region,
                                                 model::Scaling scaling) {
  std::vector<model::MetricValues> out;
  for (const analysis::ingest::LoadedRun* run : runs) {
    auto values = analysis::repetition_metrics({run}, region, nullptr, scaling);
    out.push_back(values.empty() ? model::MetricValues{} : values.front());
  }
  return out;
}

/// 1. The evidence: the checks of `region` in `cell`, its count changes, or its being new or
/// removed.
void compare_region(const analysis::AbPairs& cell, std::size_t cell_index, const std::string& region,
                    const std::optional<double>& global_elapsed, const GateConfig& config,
                    std::vector<PairedCheck>& checks, GateResult& out) {
  const auto baseline = per_run_metrics(cell.baseline, region, cell.scaling);
  const auto candidate = per_run_metrics(cell.candidate, region, cell.scaling);
  const auto present = [](const std::vector<model::MetricValues>& runs) {
    return std::any_of(runs.begin(), runs.end(),
                       [](const model::MetricValues& v) { return v.get(model::MetricId::elapsed_ns).has_value(); });
  };
  if (!present(baseline) && !present(candidate)) return;
  if (!present(baseline) || !present(candidate)) {
    auto& list = present(baseline) ? out.removed_regions : out.new_regions;
    list.push_back({cell.experiment, region, cell.configuration});
    return;
  }
  const model::MetricValues baseline_medians = analysis::median_metrics(baseline);
  const std::optional<double> elapsed = baseline_medians.get(model::MetricId::elapsed_ns);
  const std::optional<std::string> parent = analysis::region_parent(cell.candidate, region);
  for (const model::MetricInfo& info : model::metric_table()) {
    PairedCheck pending;
    pending.cell = cell_index;
    Check& check = pending.check;
    check.experiment = cell.experiment;
    check.region = region;
    check.configuration = cell.configuration;
    check.metric = info.id;
    check.rule = rule_for(config, region, info.id);
    if (check.rule.direction == Direction::ignored) continue;
    for (std::size_t i = 0; i < baseline.size(); ++i) {
      const auto b = baseline[i].get(info.id), c = candidate[i].get(info.id);
      if (!b || !c) continue;
      const std::optional<double> difference = pair_difference(check.rule, *b, *c);
      if (!difference) continue;
      check.baseline_values.push_back(*b);
      check.candidate_values.push_back(*c);
      pending.pairs.push_back(i);
      pending.differences.push_back(*difference);
    }
    if (pending.differences.empty()) continue;
    check.baseline_medians = baseline_medians;
    check.candidate_medians = analysis::median_metrics(candidate);
    check.parent = parent;
    check.share = elapsed && global_elapsed && *global_elapsed > 0 ? *elapsed / *global_elapsed : 1.0;
    checks.push_back(std::move(pending));
  }
  CountComparison counts =
      compare_counts(cell.experiment, cell.configuration, cell.baseline, cell.candidate, region, config);
  std::move(counts.changes.begin(), counts.changes.end(), std::back_inserter(out.count_changes));
  if (counts.measured) out.counted_cells.insert({cell.experiment, cell.configuration.key()});
}

/// Each region's elapsed variance of one pair's log ratio, pooled over its configurations
/// (experiment, region): its weight in the uniform move (paired_uniform.hpp).
using RegionVariances = std::map<std::pair<std::string, std::string>, double>;

RegionVariances region_variances(const std::vector<PairedCheck>& checks) {
  std::map<std::pair<std::string, std::string>, std::pair<double, double>> sums; // squares, degrees
  for (const PairedCheck& pending : checks) {
    if (pending.check.metric != model::MetricId::elapsed_ns) continue;
    const PairedDifferences differences = paired_differences(pending.differences);
    auto& sum = sums[{pending.check.experiment, pending.check.region}];
    sum.first += differences.variance * differences.degrees_of_freedom;
    sum.second += differences.degrees_of_freedom;
  }
  RegionVariances out;
  for (const auto& [region, sum] : sums)
    out[region] = sum.second > 0 ? sum.first / sum.second : 0.0;
  return out;
}

/// The runner's drift during the study at one cell: the standard deviation over the pairs of the
/// mean of both sides' log elapsed time of Global, as a fraction; nullopt without Global or with
/// fewer than two pairs.
std::optional<double> runner_drift(const analysis::AbPairs& cell) {
  std::vector<double> levels;
  for (std::size_t i = 0; i < cell.baseline.size(); ++i) {
    const auto b = per_run_metrics({cell.baseline[i]}, "Global", cell.scaling).front().get(model::MetricId::elapsed_ns);
    const auto c =
        per_run_metrics({cell.candidate[i]}, "Global", cell.scaling).front().get(model::MetricId::elapsed_ns);
    if (b && c && *b > 0 && *c > 0) levels.push_back((std::log(*b) + std::log(*c)) / 2);
  }
  if (levels.size() < 2) return std::nullopt;
  return std::sqrt(paired_differences(levels).variance);
}

/// The scale of a check's move from the variance of one pair's difference (`noise`, its own or
/// pooled): the standard error of their mean difference in the metric's unit (at the baseline's
/// median for a ratio: the delta method at no change); none without degrees of freedom. One job's
/// move (Scale::job_degrees_of_freedom) is judged with the pairs' own degrees alone: each pair ran
/// on its own runner state (a rank slowed by a neighbour moves the load balance of both sides, but
/// by how much varies from pair to pair), which gives the differences tails that the family's
/// pooled variance does not show. Judged with the pooled degrees, 10 noise-only studies in 100 were
/// red (bench/gate_pairs); so, 5.
std::optional<Scale> scale_of(const PairedCheck& pending, const NoisePart& noise) {
  if (noise.degrees_of_freedom <= 0) return std::nullopt;
  const double error = std::sqrt(noise.variance / static_cast<double>(pending.differences.size()));
  return Scale{pending.check.rule.tolerance_in_pp ? error : error * std::abs(pending.estimate.reference),
               noise.degrees_of_freedom, Evidence::paired_differences,
               static_cast<double>(pending.differences.size()) - 1};
}

/// Each check's noise, its estimate and its scale from its pairs' differences: the baseline at its
/// median, the candidate at that median moved by their mean; one part of noise, the variance of one
/// pair's difference, which joins the family's from paired_pooled_min_pairs pairs on (fewer: their
/// own spread is their scale).
void learn_paired_noise(PairedCheck& pending) {
  Check& check = pending.check;
  const PairedDifferences differences = paired_differences(pending.differences);
  const double level = analysis::median(check.baseline_values);
  pending.estimate = {level,
                      check.rule.tolerance_in_pp ? level + differences.mean : level * std::exp(differences.mean)};
  pending.noise = {{differences.variance, differences.degrees_of_freedom}};
  pending.joins_family = pending.differences.size() >= paired_pooled_min_pairs;
  pending.scale = scale_of(pending, pending.noise.front());
  check.configured_tolerance = check.rule.tolerance;
  check.pairs = pending.differences.size();
}

/// What the pairing of `cell` left out, and whether it has too few pairs to be judged as the paired
/// gate's rates say: "no complete pair: not judged", "3 pairs: fewer than 5, ...".
std::vector<std::string> study_notes_of(const analysis::AbPairs& cell) {
  std::vector<std::string> out = cell.pairing_notes;
  const std::size_t pairs = cell.baseline.size();
  if (pairs == 0) {
    out.emplace_back("no complete pair: not judged");
  } else if (pairs < paired_pooled_min_pairs) {
    out.push_back(std::to_string(pairs) + (pairs == 1 ? " pair" : " pairs") + ": fewer than " +
                  std::to_string(paired_pooled_min_pairs) +
                  ", so each check is judged on its own pairs' spread, not pooled with the family's (too bold with so "
                  "few: 19 noise-only studies in 100 red at 3 pairs); it sees less. Run " +
                  std::to_string(paired_pooled_min_pairs) + " pairs or more (tally run --repeat)");
  }
  return out;
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100 * fraction);
  return text;
}

} // namespace

std::optional<double> pair_difference(const CheckRule& rule, double baseline, double candidate) {
  if (rule.tolerance_in_pp) return candidate - baseline;
  if (baseline <= 0 || candidate <= 0) return std::nullopt;
  return std::log(candidate / baseline);
}

PairedDifferences paired_differences(std::span<const double> differences) {
  PairedDifferences out;
  if (differences.empty()) return out;
  const auto n = static_cast<double>(differences.size());
  for (const double d : differences)
    out.mean += d / n;
  if (differences.size() < 2) return out;
  for (const double d : differences)
    out.variance += (d - out.mean) * (d - out.mean) / (n - 1);
  out.degrees_of_freedom = n - 1;
  return out;
}

GateResult compare_pairs(const analysis::ingest::RunSet& runs, const AbStudy& study, const GateConfig& config,
                         const std::string& today) {
  GateResult out;
  const analysis::AbStudyRuns grouped = analysis::pair_ab_study(runs, study.id);
  out.baseline_runs = grouped.baseline_runs;
  out.candidate_runs = grouped.candidate_runs;
  std::vector<PairedCheck> checks;
  for (std::size_t c = 0; c < grouped.configurations.size(); ++c) {
    const analysis::AbPairs& cell = grouped.configurations[c];
    // A hung candidate run fails the gate whether or not its pair is complete.
    std::vector<RunEvent> hung = hung_run_events(cell.experiment, cell.configuration, cell.candidate_hung);
    std::move(hung.begin(), hung.end(), std::back_inserter(out.run_events));
    for (const std::string& note : study_notes_of(cell))
      out.study_notes.push_back(cell.experiment + " @ " + cell.configuration.label() + ": " + note);
    if (cell.baseline.empty()) continue;
    std::vector<RunEvent> shapes =
        compare_run_shapes(cell.experiment, cell.configuration, cell.baseline, cell.candidate);
    std::move(shapes.begin(), shapes.end(), std::back_inserter(out.run_events));
    const std::optional<double> global =
        analysis::median_metrics(per_run_metrics(cell.baseline, "Global", cell.scaling))
            .get(model::MetricId::elapsed_ns);
    for (const std::string& region : grouped.regions.at(cell.experiment))
      compare_region(cell, c, region, global, config, checks, out);
  }
  // 2. The runner: the whole code's move at each pair removed from every region's elapsed time.
  std::vector<CellLogRatios> cells;
  const RegionVariances variances = region_variances(checks);
  for (std::size_t c = 0; c < grouped.configurations.size(); ++c) {
    const analysis::AbPairs& cell = grouped.configurations[c];
    const std::optional<double> drift = runner_drift(cell);
    CellLogRatios& elapsed = cells.emplace_back(
        CellLogRatios{cell.experiment, cell.configuration, cell.baseline.size(), {}, drift.value_or(0)});
    for (PairedCheck& pending : checks) {
      if (pending.cell != c || pending.check.metric != model::MetricId::elapsed_ns) continue;
      elapsed.regions.push_back({pending.check.region, &pending.pairs, &pending.differences,
                                 variances.at({pending.check.experiment, pending.check.region})});
    }
    if (drift)
      out.runner_notes.push_back(cell.experiment + " @ " + cell.configuration.label() + ": Global's elapsed time " +
                                 "drifted " + percent(*drift) + " between the study's " +
                                 std::to_string(cell.baseline.size()) +
                                 " pairs (standard deviation of each pair's mean); both runs of a pair share "
                                 "the runner's state, so each pair's difference leaves it out");
  }
  const std::vector<PairedMoves> uniform = remove_uniform_moves(cells, config.alpha);
  judge_uniform_moves(uniform, config, out);
  // 3. Each check's noise, 4. pooled over the family, 5. the test, 6 to 11. the verdicts (decision.hpp).
  std::vector<PendingCheck*> pending;
  for (PairedCheck& check : checks) {
    learn_paired_noise(check);
    pending.push_back(&check);
  }
  pool_noise(pending, config);
  for (PairedCheck& check : checks) {
    check.scale = scale_of(check, check.noise.front());
    weigh(check);
  }
  decide_checks(pending, out, config, study.candidate_commit, today);
  return out;
}

std::string paired_tolerance_text(const Check& check) {
  char text[160];
  const char* unit = check.rule.tolerance_in_pp ? " pp" : "%";
  if (check.result.evidence != Evidence::paired_differences) {
    std::snprintf(text, sizeof text, "tolerance %.3g%s configured (one pair: no spread of their differences)",
                  check.rule.tolerance, unit);
    return text;
  }
  std::snprintf(text, sizeof text, "tolerance %.3g%s from the differences of %zu pairs", check.rule.tolerance, unit,
                check.pairs);
  std::string out = text;
  if (check.prior_degrees_of_freedom > 0) {
    std::snprintf(text, sizeof text, " (their spread pooled with the family's: %.0f more degrees of freedom)",
                  check.prior_degrees_of_freedom);
    out += text;
  }
  return out;
}

} // namespace tally::gate
