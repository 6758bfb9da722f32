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

/// Fewer commit medians than this are one level: too few to find a change point in.
inline constexpr std::size_t noise_min_commits = 5;
/// Differences between the candidate's median and the reference level beyond this many standard
/// deviations count.
inline constexpr double noise_deviations = 2.5;
/// Learning may tighten a configured tolerance at most to this fraction of it, so that a history
/// whose medians are identical (a count, a rounded value) does not make every last digit count.
inline constexpr double noise_tightest_fraction = 0.2;

/// The noise of one metric's commit medians in its two parts, and the baseline's level. A commit's
/// median varies by its repetitions' noise on a steady runner and by the runner's drift between
/// jobs besides: the repetitions' spread sees only the first, the spread of the commit medians both.
/// Neither decides alone: each is moderated over the family (moderation.hpp), and the larger is the
/// noise (noise_scale), so a steady runner keeps the repetitions' many degrees of freedom and a
/// drifting one pays only for what it drifts.
struct LearnedNoise {
  std::size_t commits = 0;       ///< commits it was learned from, the baseline's included
  std::size_t level_commits = 1; ///< the newest commits after the history's last change point, the baseline's included
  /// The repetitions' part: the standard deviation of a commit's median on a steady runner (the
  /// repetitions' pooled variance scaled to a median; the candidate's repetitions included), and its
  /// degrees of freedom (one per repetition beyond the first of each commit).
  double within = 0;
  double within_degrees = 0;
  /// The repetitions' part's own degrees of freedom, as learned: within_degrees before the
  /// family's pooling (moderation.hpp) adds the prior's.
  double within_own_degrees = 0;
  /// The medians' part: the sample standard deviation of the commit medians about their levels, and
  /// its degrees of freedom (one per commit beyond the first of each level; 0 below 2: no part).
  double medians = 0;
  double medians_degrees = 0;
};

/// The medians' part over the repetitions' where it is the larger: how much more the commit medians
/// spread than their repetitions predict (infinite when the repetitions agree); 0 otherwise.
double drift_of(const LearnedNoise& noise);

/// Whether the noise knows how far one job's state moves a commit's median: a medians' part, from a
/// history of jobs. Without one, the scale is the repetitions', which share their job's state.
inline bool knows_jobs(const LearnedNoise& noise) { return noise.medians_degrees > 0; }

/// The noise of `commits` (oldest first, the baseline last, each its repetition values) and
/// `candidate` (its repetitions, counted in the repetitions' part only). With noise_min_commits
/// commits or more, each with repetitions, the levels are the history's change points (and the
/// baseline alone when it lies off its level); with fewer, or one run per commit, the history is one
/// level (too few commits to find a change point or to tell a shift at the baseline from a drift;
/// single runs in two modes would look like levels). nullopt when no commit, the candidate's
/// included, has two repetitions and the medians' part has fewer than two degrees of freedom.
std::optional<LearnedNoise> learn_noise(std::span<const std::vector<double>> commits,
                                        std::span<const double> candidate);

/// The scale of a check: the larger part, σ, times √(1 + 1/level_commits) (the candidate's median
/// less the level's when nothing changed), with Satterthwaite's degrees of freedom for the
/// repetitions' part plus the drift beyond it; learned_noise evidence from noise_min_commits commits
/// on, repetition_spread below, single_runs (at most the history's jobs' degrees) with one run per commit.
Scale noise_scale(const LearnedNoise& noise);

/// A drift at least this large (the tolerance at least doubled by it) is named in the tolerance's
/// text, so that a reader sees why a move passed on a runner that drifts.
inline constexpr double reported_drift = 2;

/// The tolerance of a check: with a scale (the standard deviation of the difference between the
/// candidate's median and the reference's when nothing changed: learned from the history, or on a
/// short one from the repetitions), noise_deviations of it in the rule's unit (percentage points,
/// or percent of `baseline_median`), never tighter than a fifth of the configured one; else the
/// configured one.
double tolerance_with_noise(const CheckRule& configured, const std::optional<Scale>& scale, double baseline_median);

/// Which tolerance applied and why: "tolerance 2.1% learned from 11 commits", "tolerance 3.4%
/// learned from 3 commits and the candidate's repetitions (a short history: ...)", or "tolerance
/// 5% configured (no commit with two repetitions)"; with a drift of at least reported_drift, how
/// much the commit medians spread beyond their repetitions.
std::string tolerance_text(const CheckRule& applied, const std::optional<LearnedNoise>& noise,
                           double configured_tolerance);

} // namespace tally::gate
