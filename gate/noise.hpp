// SPDX-License-Identifier: BSD-3-Clause
// The noise of one check learned from the history: how much a metric's median moves from one
// commit to the next on the baseline's line when nothing is meant to change, and which commits
// share the baseline's level (the reference the candidate is compared with).
#pragma once

#include "gate/rules.hpp"
#include "gate/verdict.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tally::gate {

/// Fewer commit medians than this give too unstable a spread; the configured tolerance applies.
inline constexpr std::size_t noise_min_commits = 5;
/// Differences between the candidate's median and the reference level beyond this many standard
/// deviations count.
inline constexpr double noise_deviations = 2.5;
/// Learning may tighten a configured tolerance at most to this fraction of it, so that a history
/// whose medians are identical (a count, a rounded value) does not make every last digit count.
inline constexpr double noise_tightest_fraction = 0.2;

/// The noise of one metric's commit medians, and the baseline's level.
struct LearnedNoise {
  std::size_t commits = 0;       ///< commits it was learned from, the baseline's included
  double deviation = 0;          ///< standard deviation of one commit's median, the runner's drift included
  std::size_t level_commits = 1; ///< the newest commits after the history's last change point, the baseline's included
  double degrees_of_freedom = 1; ///< of the deviation's estimate
  /// When the commit medians spread more than their repetitions predict (the drift test): their
  /// standard deviation over the repetitions' prediction (infinite when every commit's repetitions
  /// agree); 0 when they do not.
  double drift = 0;
  /// The drift test's p-value (the medians spread no more than their repetitions predict); none
  /// without both spreads.
  std::optional<double> drift_p_value{};
};

/// The shared drift test (shared_drift): the fewest checks of a cell, the level of the median of
/// their p-values, and a single check's own level.
inline constexpr std::size_t shared_drift_min_checks = 5;
inline constexpr double shared_drift_level = 0.35;
inline constexpr double lone_drift_level = 0.1;

/// A drift at least this large (the tolerance at least doubled by it) is named in the tolerance's
/// text, so that a reader sees why a move passed on a runner that drifts.
inline constexpr double reported_drift = 2;

/// The noise of `commits` (oldest first, the baseline last, each its repetition values); nullopt
/// for fewer than noise_min_commits. Its deviation is the larger of the repetitions' spread
/// (analysis::commit_noise: a commit's median on a steady runner) and the spread of the commit
/// medians about their levels (the runner's drift between commits included); its degrees of
/// freedom are those of the medians' spread alone when the runner drifts (`drifts`, decided over
/// the check's cell by shared_drift; when not given, whether the medians spread more than the
/// repetitions predict: an F test at level 0.5), else of both.
std::optional<LearnedNoise> learn_noise(std::span<const std::vector<double>> commits,
                                        std::optional<bool> drifts = std::nullopt);

/// The scale of a check whose noise was learned: σ·√(1 + 1/level_commits), the standard deviation
/// of the candidate's median less the level's when nothing changed.
Scale learned_scale(const LearnedNoise& noise);

/// The scale of a check whose history is too short to learn a tolerance from, and the level the
/// candidate is compared with.
struct ShortHistoryScale {
  Scale scale;
  std::size_t level_commits = 1; ///< as LearnedNoise's
};

/// The scale of a check whose history is too short to learn a tolerance from (`commits`: the
/// history's, the baseline's and the candidate's repetitions, the candidate last): learned as
/// learn_noise learns it, with the candidate's repetitions in the repetitions' spread, so that a
/// baseline of one repetition still has one, and the drift test at level 0.9 (a few medians'
/// spread tells too little; no cell's tests tell more, shared_drift); nullopt when no commit has
/// two repetitions.
std::optional<ShortHistoryScale> repetition_scale(std::span<const std::vector<double>> commits);

/// Whether the runner drifts between commits for one check, from the drift tests of every check of
/// the same metric in its cell (its regions at one configuration of one experiment, its own
/// included: `cell_p_values`) and its own (`own_p_value`). The runner's state is common to the
/// cell, so the cell's tests together tell a drift from chance far better than one check's few
/// commit medians: the cell drifts when the median of its p-values is below shared_drift_level,
/// and one check alone when its own is below lone_drift_level (a region whose time depends on
/// something the others do not, a file system). nullopt for a cell of fewer than
/// shared_drift_min_checks checks: each check's own test decides (learn_noise).
std::optional<bool> shared_drift(std::span<const double> cell_p_values, double own_p_value);

/// The tolerance of a check: from the learned noise when there is some, noise_deviations standard
/// deviations of the difference between the candidate's median and the level of the reference
/// commits (σ·√(1 + 1/level_commits)), in the rule's unit (percentage points, or percent of
/// `baseline_median`), never tighter than a fifth of the configured one; else the configured one.
double tolerance_with_noise(const CheckRule& configured, const std::optional<LearnedNoise>& noise,
                            double baseline_median);

/// Which tolerance applied and why: "tolerance 2.1% learned from 11 commits", or "tolerance 5%
/// configured (3 commits with runs in the history; 5 needed to learn its noise)"; with a drift of
/// at least reported_drift, how much the commit medians spread beyond their repetitions.
std::string tolerance_text(const CheckRule& applied, const std::optional<LearnedNoise>& noise,
                           double configured_tolerance, std::size_t history_commits);

} // namespace tally::gate
