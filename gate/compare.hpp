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
};

/// A region (or configuration) found on one side only: listed, never a regression.
struct OneSided {
  std::string experiment;
  std::string region;
  analysis::Configuration configuration;
};

struct GateResult {
  std::vector<Check> checks;
  std::vector<OneSided> new_regions;      ///< in the candidate only
  std::vector<OneSided> removed_regions;  ///< in the baseline only
  std::vector<std::string> not_compared;  ///< one line per cell whose environments differ
  std::vector<CountChange> count_changes; ///< exact counts that changed (compare_counts.hpp)
  std::vector<RunEvent> run_events;       ///< hung candidate runs, new behaviours and idle nodes (run_events.hpp)
  /// The cells (experiment, configuration key) whose region counts both sides measured.
  std::set<std::pair<std::string, std::string>> counted_cells;
  std::size_t baseline_runs = 0;
  std::size_t candidate_runs = 0;
  /// Decided in decision.hpp, in one place: the findings, worst first, the overall verdict (that of
  /// the worst finding) and which finding decided it.
  std::vector<Finding> findings;
  Verdict overall = Verdict::pass;
  std::optional<std::size_t> deciding{}; ///< index into findings; none when no finding decided (a pass)
  std::size_t family = 0;                ///< checks judged together by the family-wise rule (decision.hpp)
  std::vector<std::string> unused_rules; ///< rules and waivers that checked nothing, and why (rule_usage.hpp)
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
