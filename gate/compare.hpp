// SPDX-License-Identifier: BSD-3-Clause
// Baseline against candidate: for every experiment × region × configuration × checked metric
// present on both sides, the repetitions of each side judged by the rules.
#pragma once

#include "gate/compare_counts.hpp"
#include "gate/finding.hpp"
#include "gate/noise.hpp"
#include "gate/rules.hpp"
#include "gate/run_events.hpp"
#include "gate/verdict.hpp"

#include "analysis/configuration.hpp"
#include "analysis/ingest/run_loader.hpp"

#include "tally/model/metric_values.hpp"

#include <set>
#include <string>
#include <vector>

namespace tally::gate {

/// Which document commit strings (source.commit as written) form each side.
struct CommitSelection {
  std::set<std::string> candidate;
  std::set<std::string> baseline; ///< one commit, or several pooled (--history)
  /// Earlier commits of the baseline's first-parent line with runs, newest first, each its
  /// document commit strings: the noise of every check is learned from their medians.
  std::vector<std::set<std::string>> history{};
};

/// One check: one metric of one region at one configuration of one experiment.
struct Check {
  std::string experiment;
  std::string region;
  analysis::Configuration configuration;
  model::MetricId metric{};
  CheckRule rule;
  SampleVerdict result;
  /// One per repetition of the baseline, or of every commit at the baseline's level when the noise
  /// was learned (LearnedNoise::level_commits): the reference the candidate is judged against.
  std::vector<double> baseline_values;
  std::vector<double> candidate_values;
  model::MetricValues baseline_medians; ///< every metric of the region, for attribution
  model::MetricValues candidate_medians;
  std::string note;                    ///< why not compared, the waiver's reason, an expired waiver
  std::optional<LearnedNoise> noise{}; ///< when learned, rule.tolerance comes from it
  double configured_tolerance = 0;     ///< the rules' tolerance, before learning
  std::size_t history_commits = 0;     ///< commit medians of the metric: baseline's and the history's
  std::optional<std::string> parent{}; ///< the region's parent in the candidate's runs (the region tree)
  /// The region's share of Global's time at this configuration (baseline medians), of Global's
  /// energy for an energy check; 1 for Global and when the runs have no Global region.
  double share = 1;
  /// For an energy check, what both sides' energy is: its source and the domains summed
  /// ("measured, package + dram"; energy_basis.hpp).
  std::string energy_basis{};
  std::string diagnosis{}; ///< what the moves of the whole cell suggest (diagnosis.hpp), e.g. a slower runner
  /// For an elapsed time judged net of the runner's speed (runner_speed.hpp): how much slower the
  /// candidate's job ran than the baseline's, as a fraction, which its times were divided by.
  std::optional<double> runner_correction{};
  /// How much wider the moves of this metric spread across the regions of its configuration than
  /// chance makes them (cell_spread.hpp), which its scale was widened by; 1 where they did not.
  double cell_spread = 1;
  /// Where nothing else tells its job's state, how much wider its scale is with the variance one
  /// job's state adds as the region's other configurations show it (configuration_spread.hpp), when
  /// that explains its move (not beyond its rule's alpha against the wider scale): a kept move is
  /// then inconclusive. 1 otherwise: they spread within chance, the move is beyond them too, or the
  /// check's history or configuration tells the job's state.
  double configuration_spread = 1;
  /// Nothing in the comparison tells its job's state from the code: no history of jobs (its scale
  /// knows its repetitions alone) and too few regions at its configuration (configuration_spread.hpp).
  bool job_state_untold = false;
  /// The degrees of freedom the family's prior of this metric's noise added to the check's own
  /// (moderation.hpp); 0 without one.
  double prior_degrees_of_freedom = 0;
  /// The A/B study's pairs the check was judged on (paired.hpp); 0 in the history gate.
  std::size_t pairs = 0;
};

/// The candidate's runner speed at one configuration against the history's: every region's elapsed
/// time moved by one factor, which a region's own check no longer sees once its times are divided by
/// their commit's speed (runner_speed.hpp). Judged by the family like a check: a move beyond the
/// runner's spread between jobs is a finding, "uniform: ...: the whole code, or a runner slower
/// than any job of the history".
struct UniformMove {
  std::string experiment;
  analysis::Configuration configuration;
  CheckRule rule;       ///< Global's elapsed-time rule, its tolerance learned from the runner's spread
  SampleVerdict result; ///< the move as a ratio of every elapsed time (1 → 1.03: 3% slower)
  double drift = 0;     ///< the runner's own spread between jobs, as a fraction
  /// Judged on an A/B study's pairs (paired.hpp): both sides of a pair ran on one runner state, so
  /// the move is the code's, not the runner's; `drift` is then the spread between pairs.
  bool paired = false;
  /// Global is the configuration's only region: its move is the whole code's by definition.
  bool global_alone = false;
};

/// A region (or configuration) found on one side only: listed, never a regression.
struct OneSided {
  std::string experiment;
  std::string region; ///< empty for a whole configuration
  analysis::Configuration configuration;
  /// What else is known of it: "back after a gap: last measured 3 commits before the baseline",
  /// "the baseline's runs here hung"; empty otherwise.
  std::string note{};
};

struct GateResult {
  std::vector<Check> checks;
  std::vector<OneSided> new_regions;     ///< in the candidate only
  std::vector<OneSided> removed_regions; ///< in the baseline only
  /// Configurations the candidate ran and no commit before it did (no completed run at the baseline
  /// or in the history), and those the baseline ran and the candidate did not: each region of the one
  /// side is then neither new nor removed, and nothing is judged.
  std::vector<OneSided> new_configurations;
  std::vector<OneSided> removed_configurations;
  /// Configurations the baseline did not run, judged against the newest history commit that did.
  std::vector<OneSided> older_baselines;
  std::vector<std::string> not_compared; ///< one line per cell whose environments differ
  /// Where a region's reference configuration at the baseline is another than the candidate's (its
  /// runs there missing): what its metrics across runs were judged against, one line per cell and way.
  std::vector<std::string> reference_notes;
  std::vector<CountChange> count_changes; ///< exact counts that changed (compare_counts.hpp)
  std::vector<RunEvent>
      run_events; ///< hung candidate runs, new behaviours and idle nodes, uniform moves, spreads (run_events.hpp)
  std::vector<UniformMove> uniform_moves; ///< per cell with a runner speed; a kept one is also a run event
  /// The cells (experiment, configuration key) whose region counts both sides measured.
  std::set<std::pair<std::string, std::string>> counted_cells;
  std::size_t baseline_runs = 0;
  std::size_t candidate_runs = 0;
  /// Decided in decision.hpp, in one place: the findings, worst first, the overall verdict (that of
  /// the worst finding) and which finding decided it.
  std::vector<Finding> findings;
  Verdict overall = Verdict::pass;
  std::optional<std::size_t> deciding{}; ///< index into findings; none when no finding decided (a pass)
  /// The hypotheses the family-wise rule judged: the first family and those its selected opened
  /// (decision.hpp).
  std::size_t family = 0;
  std::vector<std::string> unused_rules; ///< rules and waivers that checked nothing, and why (rule_usage.hpp)
  /// How far the runner drifted during an A/B study, one line per configuration (paired.hpp).
  std::vector<std::string> runner_notes{};
  /// What an A/B study's pairing left out or could judge less well, one line each (paired.hpp):
  /// pairs doubled, hung or incomplete, a configuration with no complete pair, too few pairs.
  std::vector<std::string> study_notes{};
};

/// Compares the selected runs; each check's tolerance, and the commits at the baseline's level it is
/// compared with, are learned from the baseline and the history commits (noise.hpp) when there are
/// enough of them; then the verdicts are decided (decision.hpp). `candidate_commit` and `today`
/// (YYYY-MM-DD) decide the waivers.
GateResult compare_runs(const analysis::ingest::RunSet& runs, const CommitSelection& selection,
                        const GateConfig& config, const std::string& candidate_commit, const std::string& today);

/// 1 for a regression, else 0 (pass, improvement, changed, warning, inconclusive, no baseline).
int exit_code_of(const GateResult& result);

} // namespace tally::gate
