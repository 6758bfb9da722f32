// SPDX-License-Identifier: BSD-3-Clause
// The noise of a commit's median and the shifts of level along a series of commits: one robust
// rule, shared by the site's change points and the gate's learned tolerance.
#pragma once

#include "analysis/metric_series.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace tally::analysis {

/// Minimum commits on each side of a change point: a median of three ignores one odd commit.
inline constexpr std::size_t change_point_min_segment = 3;
/// Commits compared on each side of a split (fewer at the ends of a series).
inline constexpr std::size_t change_point_window = 5;
/// A level shift counts when the difference of the two windows' levels exceeds this many of its
/// standard deviations (every split of a series is tried: hence more than the usual 3).
inline constexpr double change_point_deviations = 4.0;

/// The noise of one commit's median, from `commits` (oldest first, one vector of repetition
/// values each), in its two parts:
///  - `within`: the spread within commits (every pair of repetitions of a commit;
///    1.4826·median|xᵢ − xⱼ|/√2 is the standard deviation of normally distributed values) scaled
///    to a median of the typical number of repetitions n (×√(π/2n), a few percent above the exact
///    value for small n);
///  - `tails`: the standard deviation of the median of n values drawn from the commits' residuals
///    pooled (each repetition less its commit's median), from the exact distribution of the middle
///    order statistic, divided by 1.15. The pairwise formula describes the bulk of the values and
///    misses what timings often have, a few slow runs: with one run in five slow, a median of five
///    lands among them about once in twenty commits, which only the residuals' own distribution
///    predicts. For normal values the residuals' estimate lies between 9% below and 14% above the
///    exact one (by simulation, 2 to 8 repetitions), so divided by 1.15 it stays under the
///    pairwise part there and counts only where the values' tails are heavier than normal;
///  - `between`: two-thirds of the spread of successive commit medians (the same formula on their
///    differences), which a runner that drifts from day to day widens while one shift of level
///    barely moves it; two-thirds because a dozen medians estimate it only within about ±35%.
struct CommitNoise {
  double within = 0;
  double tails = 0;
  double between = 0;
  /// How many independent differences `within` rests on: Σ (nᵢ − 1) over the commits.
  double within_differences = 0;
  /// The standard deviation of one commit's median: the largest part.
  double deviation() const;
};
CommitNoise commit_noise(std::span<const std::vector<double>> commits);

/// commit_noise(commits).deviation(): 0 with fewer than two commits and no commit of two repetitions.
double commit_median_deviation(std::span<const std::vector<double>> commits);

/// One shift of level.
struct ChangePoint {
  std::size_t index = 0; ///< position in the series of the first commit at the new level
  double before = 0;     ///< median of the commit medians from the previous change point
  double after = 0;      ///< median of the commit medians up to the next change point
};

/// The shifts of level along `commits` (oldest first, each non-empty), oldest first: a windowed
/// robust test on the commit medians. Before each commit with at least change_point_min_segment
/// commits on each side, the median of the change_point_window medians before it and of those from
/// it on are compared; they differ when by more than change_point_deviations standard deviations
/// of that difference (commit_median_deviation of the whole series; a median of n medians taken to
/// vary √(π/2n) times as much). A run of consecutive such splits is one change point, at the split
/// whose windows lie closest to their own medians.
std::vector<ChangePoint> change_points(std::span<const std::vector<double>> commits);

/// change_points with the noise already known (commit_median_deviation of the same commits).
std::vector<ChangePoint> change_points(std::span<const std::vector<double>> commits, double deviation);

/// A change point of one metric of one region at one configuration.
struct SeriesChangePoint {
  model::MetricId metric{};
  std::size_t configuration = 0;
  std::size_t commit = 0; ///< position in the commit order of the first commit at the new level
  double before = 0;
  double after = 0;
};

/// The change points of every series of `series` (metric_series' result for `metrics`), in the
/// order of the metrics, then configurations, then commits.
std::vector<SeriesChangePoint> series_change_points(std::span<const model::MetricId> metrics,
                                                    const std::vector<std::vector<MetricSeries>>& series);

} // namespace tally::analysis
