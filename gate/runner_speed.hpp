// SPDX-License-Identifier: BSD-3-Clause
// The runner's speed of each commit at one configuration, read from every region's elapsed time
// at once: a CI job on a slower host makes every region slower by the same factor, which no
// region's own history can tell from a change of its code, and all of them together can.
#pragma once

#include "gate/commit_series.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace tally::gate {

/// Fewer regions with an elapsed time at a configuration than this tell a runner's speed from one
/// region's change too poorly: no speed is estimated.
inline constexpr std::size_t runner_speed_min_regions = 5;
/// Fewer history commits (the baseline's included) than this give no spread of the runner's speed.
inline constexpr std::size_t runner_speed_min_commits = 3;

/// One region's elapsed times in one cell: the repetitions of each history commit where it ran
/// (the baseline's among them, when it ran there) and the candidate's (empty where it did not).
struct RegionTimes {
  const CommitValues& commits;
  std::span<const double> candidate;
};

/// The runner's speed along a cell's commits, as logarithms of a factor on every elapsed time.
struct RunnerSpeed {
  /// What each commit's elapsed times are divided by (as a logarithm), keyed by the commit (absent
  /// where too few regions ran to tell its speed: nothing is corrected there), and the candidate's:
  /// each commit's speed less the history's mean, shrunk towards 0 by how much of the speeds'
  /// spread is the runner's rather than the estimate's own noise.
  ByCommit<double> commit_corrections;
  double candidate_correction = 0;
  /// The candidate's speed less the history's mean (every region slower by e^move − 1), and the
  /// standard deviation of that difference when nothing changed: the history's spread of speeds
  /// times √(1 + 1/commits), with commits − 1 degrees of freedom.
  double candidate_move = 0;
  double move_deviation = 0;
  double degrees_of_freedom = 0;
  /// The runner's own spread between commits (standard deviation of the speeds less their
  /// estimates' noise), as a fraction: 0.03 for a runner 3% faster or slower from job to job.
  double drift = 0;
};

/// The runner's speed of each commit: for every region, the log ratio of the commit's median
/// elapsed time to the region's level over the history; a commit's speed is the median of its
/// regions' ratios weighted by how precisely each region's median is known (the inverse of its
/// variance from the repetitions), so that one region whose code changed moves it little. Regions
/// that ran at some commits only are joined on the commit: a region's level is its mean net of the
/// speeds of the commits where it ran, and the two are fitted in turn until they agree (at once
/// where every region ran everywhere). A region that ran at one history commit tells no speed.
/// nullopt with fewer than runner_speed_min_regions regions at the candidate, or fewer than
/// runner_speed_min_commits history commits at which that many ran.
std::optional<RunnerSpeed> runner_speed(std::span<const RegionTimes> regions);

} // namespace tally::gate
