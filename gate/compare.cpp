// SPDX-License-Identifier: BSD-3-Clause
// The comparison walks the cells of analysis::group_experiments (commit position 0 = baseline, 1 =
// candidate), so grouping and per-run metrics are the site's, not a second implementation.
#include "gate/compare.hpp"

#include "gate/cell_spread.hpp"
#include "gate/commit_series.hpp"
#include "gate/configuration_spread.hpp"
#include "gate/decision.hpp"
#include "gate/energy_basis.hpp"
#include "gate/environment.hpp"
#include "gate/job_tails.hpp"
#include "gate/moderation.hpp"
#include "gate/rule_usage.hpp"
#include "gate/runner_speed.hpp"
#include "gate/statistics.hpp"

#include "analysis/experiment.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <span>

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

/// A check not weighed yet: its metric's values at each commit of its history where the region ran
/// (empty where the region's runs lack the metric), the baseline's among them, and the scale its
/// noise gives.
struct PendingCheck {
  Check check;
  CommitValues commits;
  ByCommit<std::size_t> reference_columns;     ///< of the commits' reference configurations
  std::size_t baseline_at = baseline_position; ///< the commit of the check's baseline values (Cell::baseline_at)
  std::size_t candidate_reference_column = 0;
  std::optional<Scale> scale{};
  VariancePrior within_prior{};  ///< of the noise's two parts (LearnedNoise), fitted over the family
  VariancePrior medians_prior{}; ///< of the check's metric (pool_noise)
};

/// The checks of one cell (a configuration of an experiment), gathered before any is weighed: the
/// runner's speed and the drift are common to them.
struct CellChecks {
  const analysis::Experiment* experiment = nullptr;
  analysis::Configuration configuration;
  std::size_t column = 0;
  std::vector<PendingCheck> checks;
  /// What the elapsed times of each commit position were divided by, as a logarithm
  /// (runner_speed.hpp); none without a runner speed.
  std::map<std::size_t, double> runner_corrections{};
};

PendingCheck pending_check(Check check, const CommitMetrics& history, std::size_t baseline_at,
                           std::size_t candidate_reference_column) {
  PendingCheck out{std::move(check), {}, history.reference_columns, baseline_at, candidate_reference_column};
  for (const auto& [position, repetitions] : history.repetitions)
    out.commits[position] = values_of(repetitions, out.check.metric);
  return out;
}

/// The commits of the check's history that have its metric, oldest first, the baseline's last.
std::vector<std::vector<double>> present_commits(const PendingCheck& pending) {
  std::vector<std::vector<double>> out;
  for (const auto& [position, values] : pending.commits) {
    if (!values.empty()) out.push_back(values);
  }
  return out;
}

/// The candidate's speed at one configuration as a move of its own: every elapsed time as a ratio,
/// against the history's spread of speeds, with Global's elapsed-time rule (its tolerance learned
/// from that spread); nullopt where that rule ignores elapsed time.
std::optional<UniformMove> uniform_move(const std::string& experiment, const analysis::Configuration& configuration,
                                        const RunnerSpeed& speed, const GateConfig& config) {
  UniformMove out{experiment, configuration, rule_for(config, "Global", model::MetricId::elapsed_ns), {}, speed.drift};
  if (out.rule.direction == Direction::ignored) return std::nullopt;
  const Scale scale{speed.move_deviation, speed.degrees_of_freedom, Evidence::learned_noise, speed.degrees_of_freedom};
  out.rule.tolerance = tolerance_with_noise(out.rule, scale, 1.0);
  out.result = weigh_change(out.rule, {1.0}, {std::exp(speed.candidate_move)}, scale, 1.0);
  return out;
}

/// Stage 2, the runner: every elapsed time of the cell divided by its commit's runner speed
/// (runner_speed.hpp), and the candidate's speed against the history's as a move of its own, for
/// the family (decision.hpp) to judge: "uniform: ... the whole code, or a runner slower than any job of the history".
void remove_runner_speed(CellChecks& cell, const GateConfig& config, GateResult& out) {
  std::map<model::MetricId, std::vector<PendingCheck*>> by_metric;
  for (PendingCheck& pending : cell.checks) {
    if (pending.check.metric == model::MetricId::elapsed_ns) by_metric[pending.check.metric].push_back(&pending);
  }
  const auto divide = [](std::vector<double>& values, double log_factor) {
    for (double& value : values)
      value /= std::exp(log_factor);
  };
  for (auto& [metric, checks] : by_metric) {
    std::vector<RegionTimes> regions;
    for (const PendingCheck* pending : checks)
      regions.push_back({pending->commits, pending->check.candidate_values});
    const std::optional<RunnerSpeed> speed = runner_speed(regions);
    if (!speed) continue;
    const auto correction_at = [&](std::size_t position) {
      const auto found = speed->commit_corrections.find(position);
      return found == speed->commit_corrections.end() ? 0.0 : found->second;
    };
    for (PendingCheck* pending : checks) {
      for (auto& [position, values] : pending->commits)
        divide(values, correction_at(position));
      divide(pending->check.baseline_values, correction_at(pending->baseline_at));
      divide(pending->check.candidate_values, speed->candidate_correction);
      pending->check.runner_correction = std::expm1(speed->candidate_correction - correction_at(pending->baseline_at));
    }
    cell.runner_corrections.insert(speed->commit_corrections.begin(), speed->commit_corrections.end());
    cell.runner_corrections[candidate_position] = speed->candidate_correction;
    if (metric != model::MetricId::elapsed_ns) continue;
    if (auto move = uniform_move(cell.experiment->name, cell.configuration, *speed, config))
      out.uniform_moves.push_back(std::move(*move));
  }
}

/// The metrics across runs that are a ratio of times, the reference configuration's over the
/// check's: each job's runner speed moves them as it moves the times.
constexpr std::array runner_speed_ratios{model::MetricId::computation_scalability, model::MetricId::global_efficiency,
                                         model::MetricId::speedup};

/// Stage 2, the runner, across runs: a ratio of times across runs (runner_speed_ratios) compares
/// two jobs, the check's configuration's and its reference's, each at its own runner speed. Each of
/// its values is multiplied by e^(correction here − correction at the reference) for its commit,
/// the candidate's with the candidate's corrections, as if both jobs had run at the history's speed.
void remove_runner_speed_across_runs(std::vector<CellChecks>& cells) {
  std::map<std::pair<const analysis::Experiment*, std::size_t>, const std::map<std::size_t, double>*> corrections;
  for (const CellChecks& cell : cells)
    corrections[{cell.experiment, cell.column}] = &cell.runner_corrections;
  for (CellChecks& cell : cells) {
    const auto factor = [&](std::size_t position, std::size_t reference_column) -> double {
      const auto reference = corrections.find({cell.experiment, reference_column});
      if (reference_column == cell.column || reference == corrections.end()) return 1;
      const auto here = cell.runner_corrections.find(position);
      const auto there = reference->second->find(position);
      if (here == cell.runner_corrections.end() || there == reference->second->end()) return 1;
      return std::exp(here->second - there->second);
    };
    const auto multiply = [](std::vector<double>& values, double by) {
      for (double& value : values)
        value *= by;
    };
    for (PendingCheck& pending : cell.checks) {
      const model::MetricId metric = pending.check.metric;
      if (std::find(runner_speed_ratios.begin(), runner_speed_ratios.end(), metric) == runner_speed_ratios.end())
        continue;
      for (auto& [position, values] : pending.commits)
        multiply(values, factor(position, pending.reference_columns.at(position)));
      multiply(pending.check.baseline_values,
               factor(pending.baseline_at, pending.reference_columns.at(pending.baseline_at)));
      multiply(pending.check.candidate_values, factor(candidate_position, pending.candidate_reference_column));
    }
  }
}

/// Stage 3, each check's noise in its two parts (noise.hpp), from its history and the candidate's
/// repetitions. When the baseline's level spans several commits, the check's baseline sample becomes
/// their repetitions pooled, so that the tolerance and the scale compare the candidate with the
/// same reference.
void learn_scale(PendingCheck& pending) {
  Check& check = pending.check;
  const std::vector<std::vector<double>> commits = present_commits(pending);
  check.configured_tolerance = check.rule.tolerance;
  check.history_commits = commits.size();
  check.noise = learn_noise(commits, check.candidate_values);
  if (!check.noise) return;
  pending.scale = noise_scale(*check.noise);
  if (check.noise->level_commits > 1) {
    check.baseline_values.clear();
    for (std::size_t c = commits.size() - check.noise->level_commits; c < commits.size(); ++c)
      check.baseline_values.insert(check.baseline_values.end(), commits[c].begin(), commits[c].end());
  }
}

/// The unit a check's scale is pooled in: 1 for an efficiency (percentage points), the baseline's
/// median for the rest (percent), so that regions of different sizes share one prior.
double pooling_unit(const Check& check) {
  if (check.rule.tolerance_in_pp) return 1.0;
  return std::abs(analysis::median(check.baseline_values));
}

/// Fits the priors of one part of the noise of `checks` (LearnedNoise's standard deviation
/// `deviation` and its degrees of freedom `degrees`) in their pooling units, located at each check's
/// group (moderation.hpp), and keeps each in the check's `prior`.
void fit_part(const std::vector<PendingCheck*>& checks, const std::vector<std::size_t>& groups,
              double LearnedNoise::*deviation, double LearnedNoise::*degrees, VariancePrior PendingCheck::*prior) {
  std::vector<double> variances, degrees_of_freedom;
  for (const PendingCheck* pending : checks) {
    const double relative = (*pending->check.noise).*deviation / pooling_unit(pending->check);
    variances.push_back(relative * relative);
    degrees_of_freedom.push_back((*pending->check.noise).*degrees);
  }
  const std::vector<VariancePrior> priors = fit_variance_priors(variances, degrees_of_freedom, groups);
  for (std::size_t i = 0; i < checks.size(); ++i)
    checks[i]->*prior = priors[i];
}

/// `noise` of `pending`'s metric with both parts moderated towards the check's priors, and its scale.
Scale pooled_scale(LearnedNoise& noise, const PendingCheck& pending) {
  const double unit = pooling_unit(pending.check);
  const auto moderate_part = [&](double LearnedNoise::*deviation, double LearnedNoise::*degrees,
                                 const VariancePrior& prior) {
    const double relative = noise.*deviation / unit;
    if (noise.*degrees <= 0 || relative <= 0) return;
    const ModeratedVariance moderated = moderate(relative * relative, noise.*degrees, prior);
    noise.*deviation = std::sqrt(moderated.variance) * unit;
    noise.*degrees = moderated.degrees_of_freedom;
  };
  moderate_part(&LearnedNoise::within, &LearnedNoise::within_degrees, pending.within_prior);
  moderate_part(&LearnedNoise::medians, &LearnedNoise::medians_degrees, pending.medians_prior);
  return noise_scale(noise);
}

/// Whether a check's noise is pooled with its family's: it has a scale, and a move to its tolerance
/// would not already be certain (its values vary by rounding only).
bool pooled(const PendingCheck& pending, const GateConfig& config) {
  if (!pending.scale || pending.scale->deviation <= 0 || pooling_unit(pending.check) <= 0) return false;
  const SampleVerdict evidence = weigh_change(pending.check.rule, pending.check.baseline_values,
                                              pending.check.candidate_values, pending.scale, 1.0);
  return !certain_beyond_tolerance(evidence, pending.check.rule, config);
}

/// Stage 4, the noise pooled: each metric's two parts of the noise moderated towards priors fitted
/// over every check of that metric in the comparison (moderation.hpp), located at the region's
/// (its configurations: the same code), both in the check's unit (percentage points, or percent of
/// its baseline), so that a region's three or ten commit medians borrow what its other
/// configurations show. Then each check's scale is the larger part. Checks whose move to the
/// tolerance would already be certain (their values vary by rounding only) neither join the priors
/// nor are moderated.
void pool_noise(std::vector<CellChecks>& cells, const GateConfig& config) {
  std::map<model::MetricId, std::vector<PendingCheck*>> by_metric;
  for (CellChecks& cell : cells) {
    for (PendingCheck& pending : cell.checks) {
      if (pooled(pending, config)) by_metric[pending.check.metric].push_back(&pending);
    }
  }
  for (auto& [metric, checks] : by_metric) {
    std::vector<std::size_t> regions;
    std::map<std::pair<std::string, std::string>, std::size_t> region_of;
    for (const PendingCheck* pending : checks) {
      regions.push_back(
          region_of.try_emplace({pending->check.experiment, pending->check.region}, region_of.size()).first->second);
    }
    fit_part(checks, regions, &LearnedNoise::within, &LearnedNoise::within_degrees, &PendingCheck::within_prior);
    fit_part(checks, regions, &LearnedNoise::medians, &LearnedNoise::medians_degrees, &PendingCheck::medians_prior);
    for (PendingCheck* pending : checks) {
      pending->scale = pooled_scale(*pending->check.noise, *pending);
      pending->check.prior_degrees_of_freedom =
          std::max(pending->within_prior.degrees_of_freedom, pending->medians_prior.degrees_of_freedom);
    }
  }
}

/// Stage 4b, one job's tails: the candidate's runs at one configuration are one job, and each
/// history commit's median judged against the others of its check, over every check of the
/// comparison, shows how far out one job lies how often (a job's tails are its runner's, whatever
/// the metric: a rank slowed by another job on its core moves the regions it bottlenecks); the
/// checks' p-values are read against those tails (job_tails.hpp). Single runs and repetitions are
/// fitted apart: a median of repetitions trims one odd run, not one odd job.
void fit_job_tails(std::vector<CellChecks>& cells) {
  for (const bool single : {true, false}) {
    std::vector<double> scores;
    std::vector<Scale*> scales;
    for (CellChecks& cell : cells) {
      for (PendingCheck& pending : cell.checks) {
        if (!pending.scale || (pending.scale->evidence == Evidence::single_runs) != single) continue;
        scales.push_back(&*pending.scale);
        std::vector<double> values;
        for (const std::vector<double>& commit : present_commits(pending))
          values.push_back(analysis::median(commit));
        const std::vector<double> check_scores = leave_one_out_scores(values);
        scores.insert(scores.end(), check_scores.begin(), check_scores.end());
      }
    }
    const double degrees = fit_tail_degrees(scores);
    for (Scale* scale : scales)
      scale->tail_degrees = degrees;
  }
}

/// Stage 5, the test: the check's tolerance (from its scale, never tighter than a fifth of the
/// configured one) and the evidence of its change.
void weigh(PendingCheck& pending) {
  Check& check = pending.check;
  check.rule.tolerance = tolerance_with_noise(check.rule, pending.scale, analysis::median(check.baseline_values));
  check.result = weigh_change(check.rule, check.baseline_values, check.candidate_values, pending.scale, check.share);
}

/// The warning of a spread at least cell_spread_warned wide: "spread: MPI load balance of 14 of 31
/// regions beyond 2σ at 4 ranks, 3.4× as wide as their noise: ...".
RunEvent spread_event(const CellChecks& cell, model::MetricId metric, std::span<const double> scores, double spread) {
  constexpr double beyond = 1.96;
  const auto moved = std::count_if(scores.begin(), scores.end(), [](double score) { return score > beyond; });
  char text[512];
  std::snprintf(text, sizeof text,
                "spread: %s of %td of %zu regions beyond 2σ at %s, %.1f× as wide as their noise: this job's state "
                "(one rank slowed by another job on its core) or a change of the code at this configuration; each "
                "region was judged against that spread",
                std::string(model::metric_info(metric).display_name).c_str(), moved, scores.size(),
                cell.configuration.label().c_str(), spread);
  return {RunEventKind::spread, Verdict::warning, cell.experiment->name, cell.configuration, "", std::nullopt, text};
}

/// Stage 5b, the configuration's spread: each metric's checks of one cell whose moves spread
/// across the regions more widely than chance makes them are weighed again against that spread
/// (cell_spread.hpp), their tolerances learned anew from the wider scale; a spread too wide for
/// chance is a warning of its own.
void widen_by_cell_spread(CellChecks& cell, GateResult& out) {
  std::map<model::MetricId, std::vector<PendingCheck*>> by_metric;
  for (PendingCheck& pending : cell.checks) {
    if (pending.scale && pending.check.result.p_value) by_metric[pending.check.metric].push_back(&pending);
  }
  for (const auto& [metric, checks] : by_metric) {
    std::vector<double> scores;
    for (const PendingCheck* pending : checks)
      scores.push_back(normal_score(*pending->check.result.p_value));
    const double spread = cell_spread(scores);
    if (spread <= 1.0) continue;
    if (spread >= cell_spread_warned) out.run_events.push_back(spread_event(cell, metric, scores, spread));
    for (PendingCheck* pending : checks) {
      pending->scale->deviation *= spread;
      pending->check.cell_spread = spread;
      pending->check.rule.tolerance = pending->check.configured_tolerance;
      weigh(*pending);
    }
  }
}

/// Stage 5c, the configurations' spread: where a check's scale knows its repetitions alone (no
/// history of jobs: the baseline and the candidate alone) and its configuration has too few regions
/// to show its job's state (fewer than cell_spread_min_checks checks of the metric), the region's
/// other configurations show how far one job's state moves the metric (configuration_spread.hpp):
/// each check keeps how much wider that makes its scale (Check::configuration_spread), and a move
/// kept while they spread so is inconclusive (decision.hpp). Every such check is marked
/// (Check::job_state_untold): its regression is one that an A/B study confirms (reports.hpp).
void mark_configuration_spread(std::vector<CellChecks>& cells, const GateConfig& config) {
  std::map<std::tuple<std::string, std::string, model::MetricId>, std::vector<PendingCheck*>> regions;
  for (CellChecks& cell : cells) {
    std::map<model::MetricId, std::size_t> checks_of;
    for (const PendingCheck& pending : cell.checks)
      checks_of[pending.check.metric] += pending.check.result.p_value ? 1 : 0;
    for (PendingCheck& pending : cell.checks) {
      Check& check = pending.check;
      const bool repetitions_alone = check.result.p_value && check.noise && !knows_jobs(*check.noise);
      if (!repetitions_alone || checks_of[check.metric] >= cell_spread_min_checks) continue;
      check.job_state_untold = true;
      // A check whose values never vary (decided by its tolerance: decision.hpp) tells no spread.
      if (!certain_beyond_tolerance(check.result, check.rule, config))
        regions[{check.experiment, check.region, check.metric}].push_back(&pending);
    }
  }
  for (const auto& [key, checks] : regions) {
    std::vector<ConfigurationMove> moves;
    for (const PendingCheck* pending : checks) {
      const Check& check = pending->check;
      // The scale in the check's unit: percentage points, or percent of the baseline's median.
      const double unit = check.rule.tolerance_in_pp ? 0.01 : std::abs(check.result.baseline_median) / 100.0;
      moves.push_back(
          {check.result.change, unit > 0 ? pending->scale->deviation / unit : 0.0, pending->scale->degrees_of_freedom});
    }
    const bool common_reference = model::metric_info(std::get<2>(key)).scope == model::MetricScope::across_runs;
    const std::vector<std::optional<JobSpread>> spreads = job_spread(moves, common_reference);
    for (std::size_t i = 0; i < checks.size(); ++i) {
      if (!spreads[i] || moves[i].deviation == 0) continue;
      Check& check = checks[i]->check;
      // Whether a job's state explains the move: not beyond the rule's alpha on its own against
      // the scale with that state's variance added. A move far beyond that as well stands.
      const double wider = std::sqrt(1 + spreads[i]->variance / (moves[i].deviation * moves[i].deviation));
      const double p =
          with_tails(student_t_p_value(*check.result.z / wider, spreads[i]->degrees), checks[i]->scale->tail_degrees);
      if (p > check.rule.alpha) check.configuration_spread = wider;
    }
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

/// The checks of `region` in `cell`, not weighed yet, added to `pending`; its count changes, new or
/// removed region, to `out`.
void compare_region(const Cell& cell, const std::string& region, const References& references, const GateConfig& config,
                    std::vector<PendingCheck>& pending, GateResult& out) {
  // The candidate's energy decides what energy is compared: only runs measured alike join it.
  const std::optional<std::string> energy = energy_basis(cell.candidate, region);
  const auto baseline = metrics_at(cell, cell.baseline, region, references[cell.baseline_at], energy);
  const auto candidate = metrics_at(cell, cell.candidate, region, references[candidate_position], energy);
  if (baseline.empty() && candidate.empty()) return;
  if (baseline.empty() || candidate.empty()) {
    auto& list = baseline.empty() ? out.new_regions : out.removed_regions;
    list.push_back({cell.experiment.name, region, cell.configuration, baseline.empty() ? last_seen(cell, region) : ""});
    return;
  }
  const model::MetricValues baseline_medians = analysis::median_metrics(baseline);
  const model::MetricValues candidate_medians = analysis::median_metrics(candidate);
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
    pending.push_back(
        pending_check(std::move(check), history, cell.baseline_at, references[candidate_position].column));
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
  // Stage 1, the evidence: every check of every cell with its history, then the stages below.
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
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
      for (std::size_t r = 0; r < experiment.regions.size(); ++r)
        compare_region(cell, experiment.regions[r], references->second[r], config, checks.checks, out);
    }
  }
  for (CellChecks& cell : cells)
    remove_runner_speed(cell, config, out);
  remove_runner_speed_across_runs(cells);
  for (CellChecks& cell : cells) {
    for (PendingCheck& pending : cell.checks)
      learn_scale(pending);
  }
  pool_noise(cells, config);
  fit_job_tails(cells);
  for (CellChecks& cell : cells) {
    for (PendingCheck& pending : cell.checks)
      weigh(pending);
    widen_by_cell_spread(cell, out);
  }
  mark_configuration_spread(cells, config);
  for (CellChecks& cell : cells) {
    for (PendingCheck& pending : cell.checks)
      out.checks.push_back(std::move(pending.check));
  }
  decide(out, config, candidate_commit, today);
  out.unused_rules = unused_rules(config, out);
  return out;
}

} // namespace tally::gate
