// SPDX-License-Identifier: BSD-3-Clause
// Pairwise differences rather than deviations from a commit's median: with few repetitions the
// middle one deviates by exactly 0 and would pull a median of deviations down (by 35% at 3).
#include "analysis/change_points.hpp"

#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <vector>

namespace tally::analysis {
namespace {

/// 1.4826 turns a median absolute value into a standard deviation for normal values; a difference
/// of two independent values has √2 times their standard deviation.
double deviation_of_differences(std::span<const double> absolute_differences) {
  if (absolute_differences.empty()) return 0;
  return 1.4826 * median(absolute_differences) / std::numbers::sqrt2;
}

std::vector<double> medians_of(std::span<const std::vector<double>> commits) {
  std::vector<double> out;
  out.reserve(commits.size());
  for (const std::vector<double>& values : commits)
    out.push_back(median(values));
  return out;
}

double absolute_deviation(std::span<const double> values, double center) {
  double sum = 0;
  for (const double value : values)
    sum += std::abs(value - center);
  return sum;
}

/// The windows either side of a split before commit `at`.
struct Windows {
  std::span<const double> before, after;
};

Windows windows_at(std::span<const double> medians, std::size_t at) {
  const std::size_t begin = at > change_point_window ? at - change_point_window : 0;
  const std::size_t end = std::min(medians.size(), at + change_point_window);
  return {medians.subspan(begin, at - begin), medians.subspan(at, end - at)};
}

bool shifted(const Windows& windows, double deviation) {
  const double difference = std::abs(median(windows.after) - median(windows.before));
  const double spread =
      deviation *
      std::sqrt(std::numbers::pi / 2 *
                (1.0 / static_cast<double>(windows.before.size()) + 1.0 / static_cast<double>(windows.after.size())));
  // No noise at all (identical repetitions, a count): any difference is a shift.
  return spread > 0 ? difference > change_point_deviations * spread : difference > 0;
}

/// How far the two windows lie from their own medians: least at the commit where the level shifts
/// (the difference of the medians alone is flat around it, as a median ignores one misplaced value).
double split_cost(const Windows& windows) {
  return absolute_deviation(windows.before, median(windows.before)) +
         absolute_deviation(windows.after, median(windows.after));
}

/// The variance of the r-th smallest (1-based) of n values drawn from `sorted`, each value equally
/// likely: P(X(r) ≤ v_k) = P(at least r of the n draws ≤ v_k), a binomial tail at F = k/N. The
/// coefficients and powers are built by multiplication: with std::pow, this was most of the gate's
/// instructions (the gate takes it for every check of every commit it judges).
double order_statistic_variance(std::span<const double> sorted, std::size_t n, std::size_t r) {
  const auto count = static_cast<double>(sorted.size());
  std::vector<double> binomials(n + 1, 1.0); // C(n, j)
  for (std::size_t j = 1; j <= n; ++j)
    binomials[j] = binomials[j - 1] * static_cast<double>(n - j + 1) / static_cast<double>(j);
  std::vector<double> f_powers(n + 1, 1.0), g_powers(n + 1, 1.0); // F^j and (1 − F)^j
  double below = 0, mean = 0, square = 0;
  for (std::size_t k = 1; k <= sorted.size(); ++k) {
    const double f = static_cast<double>(k) / count;
    for (std::size_t j = 1; j <= n; ++j) {
      f_powers[j] = f_powers[j - 1] * f;
      g_powers[j] = g_powers[j - 1] * (1 - f);
    }
    double tail = 0;
    for (std::size_t j = r; j <= n; ++j)
      tail += binomials[j] * f_powers[j] * g_powers[n - j];
    const double probability = tail - below;
    below = tail;
    mean += probability * sorted[k - 1];
    square += probability * sorted[k - 1] * sorted[k - 1];
  }
  return std::max(0.0, square - mean * mean);
}

/// The standard deviation of a median of n draws from `residuals`; for an even n, the mean of the
/// two middle order statistics' variances, which bounds their average's from above.
double median_of_draws_deviation(std::vector<double> residuals, std::size_t n) {
  if (residuals.empty() || n == 0) return 0;
  std::sort(residuals.begin(), residuals.end());
  if (n % 2 == 1) return std::sqrt(order_statistic_variance(residuals, n, (n + 1) / 2));
  return std::sqrt((order_statistic_variance(residuals, n, n / 2) + order_statistic_variance(residuals, n, n / 2 + 1)) /
                   2);
}

/// Each repetition less its commit's median. The median itself of an odd count is left out (its
/// residual is 0 by construction); a pair's residuals are half its difference, √2 short of a value's.
void add_residuals(const std::vector<double>& values, double commit_median, std::vector<double>& out) {
  bool median_left_out = values.size() % 2 == 0;
  const double scale = values.size() == 2 ? std::numbers::sqrt2 : 1.0;
  for (const double value : values) {
    if (!median_left_out && value == commit_median) {
      median_left_out = true;
      continue;
    }
    out.push_back(scale * (value - commit_median));
  }
}

} // namespace

double CommitNoise::deviation() const { return std::max({within, tails, between}); }

CommitNoise commit_noise(std::span<const std::vector<double>> commits) {
  std::vector<double> within, between, residuals;
  std::vector<double> counts;
  // Sized once: the gate learns the noise of every check of every commit it judges.
  std::size_t pairs = 0, values_count = 0;
  for (const std::vector<double>& values : commits) {
    pairs += values.empty() ? 0 : values.size() * (values.size() - 1) / 2;
    values_count += values.size();
  }
  within.reserve(pairs);
  residuals.reserve(values_count);
  between.reserve(commits.size());
  counts.reserve(commits.size());
  CommitNoise out;
  double previous_median = 0;
  for (std::size_t c = 0; c < commits.size(); ++c) {
    const std::vector<double>& values = commits[c];
    if (values.empty()) continue;
    for (std::size_t i = 0; i < values.size(); ++i) {
      for (std::size_t j = i + 1; j < values.size(); ++j)
        within.push_back(std::abs(values[i] - values[j]));
    }
    const double commit_median = median(values);
    if (values.size() > 1) add_residuals(values, commit_median, residuals);
    if (!counts.empty()) between.push_back(std::abs(commit_median - previous_median));
    previous_median = commit_median;
    counts.push_back(static_cast<double>(values.size()));
    out.within_differences += static_cast<double>(values.size() - 1);
  }
  const double repetitions = counts.empty() ? 1.0 : median(counts);
  out.within = deviation_of_differences(within) * std::sqrt(std::numbers::pi / (2 * repetitions));
  out.tails =
      median_of_draws_deviation(std::move(residuals), static_cast<std::size_t>(std::lround(repetitions))) / 1.15;
  out.between = deviation_of_differences(between) / 1.5;
  return out;
}

double commit_median_deviation(std::span<const std::vector<double>> commits) {
  return commit_noise(commits).deviation();
}

std::vector<ChangePoint> change_points(std::span<const std::vector<double>> commits) {
  return change_points(commits, commit_median_deviation(commits));
}

std::vector<ChangePoint> change_points(std::span<const std::vector<double>> commits, double deviation) {
  const std::vector<double> medians = medians_of(commits);
  std::vector<ChangePoint> out;
  // Consecutive splits that all show a shift are one change point, placed at the least cost.
  std::optional<std::size_t> best;
  double best_cost = 0;
  for (std::size_t at = change_point_min_segment; at + change_point_min_segment <= medians.size(); ++at) {
    const Windows windows = windows_at(medians, at);
    if (!shifted(windows, deviation)) {
      if (best) out.push_back({*best, 0, 0});
      best.reset();
      continue;
    }
    const double cost = split_cost(windows);
    if (!best || cost < best_cost) {
      best = at;
      best_cost = cost;
    }
  }
  if (best) out.push_back({*best, 0, 0});
  // The levels between neighbouring change points, for the before → after of each.
  for (std::size_t k = 0; k < out.size(); ++k) {
    const std::size_t begin = k == 0 ? 0 : out[k - 1].index;
    const std::size_t end = k + 1 == out.size() ? medians.size() : out[k + 1].index;
    const auto at = [&](std::size_t i) { return medians.begin() + static_cast<std::ptrdiff_t>(i); };
    out[k].before = median(std::span(at(begin), at(out[k].index)));
    out[k].after = median(std::span(at(out[k].index), at(end)));
  }
  return out;
}

std::vector<SeriesChangePoint> series_change_points(std::span<const model::MetricId> metrics,
                                                    const std::vector<std::vector<MetricSeries>>& series) {
  std::vector<SeriesChangePoint> out;
  for (std::size_t m = 0; m < metrics.size(); ++m) {
    for (const MetricSeries& one : series[m]) {
      std::vector<std::vector<double>> commits;
      commits.reserve(one.points.size());
      for (const SeriesPoint& point : one.points)
        commits.push_back(point.repetitions);
      for (const ChangePoint& shift : change_points(commits))
        out.push_back({metrics[m], one.configuration, one.points[shift.index].commit, shift.before, shift.after});
    }
  }
  return out;
}

} // namespace tally::analysis
