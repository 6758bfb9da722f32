// SPDX-License-Identifier: BSD-3-Clause
// The candidate's median (standard deviation σ) against the level of k commits at one level (the
// median of their pooled repetitions, about σ/√k) differs by σ·√(1 + 1/k) when nothing changed,
// hence a tolerance of noise_deviations·σ·√(1 + 1/k). The levels come from analysis/change_points,
// the rule the site's change points use; σ from the repetitions' spread and the medians' spread at
// their levels, which alone shows a runner that drifts between commits.
#include "gate/noise.hpp"

#include "gate/statistics.hpp"

#include "analysis/change_points.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace tally::gate {
namespace {

std::string number(double value, const char* unit) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2g%s", value, unit);
  return text;
}

/// Whether the baseline (the last commit) lies on the level of the `level - 1` commits before it:
/// within as many standard deviations of the difference as a change point needs. Fewer would take a
/// runner's drift for a shift now and then, and the candidate, compared with that baseline alone,
/// would seem to move by the baseline's own deviation.
bool baseline_on_level(std::span<const std::vector<double>> commits, std::size_t level, double deviation) {
  std::vector<double> earlier;
  for (const std::vector<double>& values : commits.subspan(commits.size() - level, level - 1))
    earlier.insert(earlier.end(), values.begin(), values.end());
  const double difference = std::abs(analysis::median(commits.back()) - analysis::median(earlier));
  return difference <=
         analysis::change_point_deviations * deviation * std::sqrt(1.0 + 1.0 / static_cast<double>(level - 1));
}

/// Significance levels of the test that the commit medians spread more than their repetitions
/// predict (a runner that drifts between commits). Liberal on purpose: when the test misses a real
/// drift by chance, the scale falls back to the repetitions' spread, which is then too small; the
/// spread of a few medians falls short of the drift often, hence the higher level for them.
/// bench/gate_drift measures what they give (gate/README.md).
constexpr double drift_test_level = 0.5;
constexpr double short_history_drift_test_level = 0.9;

/// The fewest degrees of freedom the medians' spread counts with. The spread of two medians (one
/// degree) follows Cauchy's distribution: it can neither show a drift nor bound one, and judged by
/// it alone no change of two commits would ever count. From three commits of one level on it does.
constexpr double median_spread_min_degrees = 2;

/// A standard deviation and how many degrees of freedom its estimate has; for a commit median's
/// noise, also the drift the medians showed (LearnedNoise::drift) and the drift test's p-value.
struct Spread {
  double deviation = 0;
  double degrees_of_freedom = 0;
  double drift = 0;
  std::optional<double> drift_p_value{};
};

/// The spread of the commit medians about their levels: each commit's median less the mean of the
/// medians of its level (levels begin at `level_starts`, ascending, the first 0), their sample
/// standard deviation, with one degree of freedom per commit beyond the first of each level (none
/// below median_spread_min_degrees). It holds the runner's drift between commits, which no
/// commit's repetitions show.
Spread median_spread(std::span<const std::vector<double>> commits, std::span<const std::size_t> level_starts) {
  double squares = 0;
  std::size_t residuals = 0;
  for (std::size_t l = 0; l < level_starts.size(); ++l) {
    const std::size_t end = l + 1 < level_starts.size() ? level_starts[l + 1] : commits.size();
    std::vector<double> medians;
    for (std::size_t c = level_starts[l]; c < end; ++c)
      medians.push_back(analysis::median(commits[c]));
    double mean = 0;
    for (const double value : medians)
      mean += value / static_cast<double>(medians.size());
    for (const double value : medians)
      squares += (value - mean) * (value - mean);
    residuals += medians.size() - 1;
  }
  const auto degrees = static_cast<double>(residuals);
  if (degrees < median_spread_min_degrees) return {};
  return {std::sqrt(squares / degrees), degrees};
}

/// The standard deviation of one commit's median and its degrees of freedom, from the repetitions'
/// spread (the larger of the pairwise and the residuals' part; a median of absolute differences is
/// worth about half a degree of freedom per repetition beyond the first of each commit) and the
/// medians' spread. When the runner drifts between commits (`drifts` when given, else when the
/// medians spread more than the repetitions predict: an F test at `test_level`), the medians'
/// spread alone is the noise, with its few degrees of freedom; otherwise both estimate it: the
/// larger of the two, with their degrees of freedom together. Without both spreads, no drift.
Spread commit_median_noise(const analysis::CommitNoise& repetitions, const Spread& medians, double test_level,
                           std::optional<bool> drifts = std::nullopt) {
  const double within = std::max(repetitions.within, repetitions.tails);
  const double within_degrees = 0.5 * repetitions.within_differences;
  const double deviation = std::max(within, medians.deviation);
  std::optional<double> p_value;
  if (medians.degrees_of_freedom > 0 && within_degrees > 0) {
    p_value = within == 0 ? (medians.deviation > 0 ? 0.0 : 1.0)
                          : f_upper_tail(medians.deviation * medians.deviation / (within * within),
                                         medians.degrees_of_freedom, within_degrees);
  }
  if (!p_value.has_value()) drifts = false;
  if (!drifts.has_value()) drifts = *p_value < test_level;
  const double degrees = *drifts ? medians.degrees_of_freedom : within_degrees + medians.degrees_of_freedom;
  const double drift = !*drifts     ? 0.0
                       : within > 0 ? medians.deviation / within
                                    : std::numeric_limits<double>::infinity();
  return {deviation, std::max(1.0, degrees), drift, p_value};
}

/// Where the levels of `history` (oldest first, the baseline last) begin: the site's change points
/// (analysis::change_points on the repetitions' noise), and the baseline itself when it lies off
/// the level before it; `repetitions` is the noise of the history's repetitions.
std::vector<std::size_t> level_starts(std::span<const std::vector<double>> history,
                                      const analysis::CommitNoise& repetitions) {
  std::vector<std::size_t> starts{0};
  for (const analysis::ChangePoint& shift : analysis::change_points(history, repetitions.deviation()))
    starts.push_back(shift.index);
  const std::size_t level_commits = history.size() - starts.back();
  // A shift at the baseline itself is no change point yet (it needs commits after it): the
  // candidate is then compared with the baseline alone, as a commit with its parent. Whether it
  // lies on its level is judged by the noise of the commits before it, which its own move would widen.
  if (level_commits > 1) {
    const Spread before =
        commit_median_noise(repetitions, median_spread(history.first(history.size() - 1), starts), drift_test_level);
    if (!baseline_on_level(history, level_commits, before.deviation)) starts.push_back(history.size() - 1);
  }
  return starts;
}

/// The candidate's median less the level's of `level_commits` commits, each median's noise σ:
/// σ·√(1 + 1/level_commits).
Scale against_level(const Spread& median, std::size_t level_commits, Evidence evidence) {
  const double level_error = 1.0 / static_cast<double>(level_commits);
  return {median.deviation * std::sqrt(1.0 + level_error), median.degrees_of_freedom, evidence};
}

} // namespace

Scale learned_scale(const LearnedNoise& noise) {
  return against_level({noise.deviation, noise.degrees_of_freedom}, noise.level_commits, Evidence::learned_noise);
}

std::optional<ShortHistoryScale> repetition_scale(std::span<const std::vector<double>> commits) {
  const analysis::CommitNoise repetitions = analysis::commit_noise(commits);
  if (repetitions.within_differences == 0) return std::nullopt;
  // Too few commits to find a change point or to tell a shift at the baseline from a drift: the
  // history is one level.
  const auto history = commits.first(commits.size() - 1);
  const std::size_t one_level[] = {0};
  const Spread median =
      commit_median_noise(repetitions, median_spread(history, one_level), short_history_drift_test_level);
  return ShortHistoryScale{against_level(median, history.size(), Evidence::repetition_spread), history.size()};
}

std::optional<LearnedNoise> learn_noise(std::span<const std::vector<double>> commits, std::optional<bool> drifts) {
  if (commits.size() < noise_min_commits) return std::nullopt;
  const analysis::CommitNoise repetitions = analysis::commit_noise(commits);
  const std::vector<std::size_t> starts = level_starts(commits, repetitions);
  const Spread median = commit_median_noise(repetitions, median_spread(commits, starts), drift_test_level, drifts);
  return LearnedNoise{commits.size(), median.deviation,    commits.size() - starts.back(), median.degrees_of_freedom,
                      median.drift,   median.drift_p_value};
}

std::optional<bool> shared_drift(std::span<const double> cell_p_values, double own_p_value) {
  if (cell_p_values.size() < shared_drift_min_checks) return std::nullopt;
  return analysis::median(cell_p_values) < shared_drift_level || own_p_value < lone_drift_level;
}

double tolerance_with_noise(const CheckRule& configured, const std::optional<LearnedNoise>& noise,
                            double baseline_median) {
  if (!noise) return configured.tolerance;
  double deviation = 100.0 * noise->deviation; // percentage points of an efficiency
  if (!configured.tolerance_in_pp) {
    if (baseline_median == 0) return configured.tolerance;
    deviation /= std::abs(baseline_median);
  }
  const double level_error = 1.0 / static_cast<double>(noise->level_commits);
  return std::max(noise_deviations * std::sqrt(1.0 + level_error) * deviation,
                  noise_tightest_fraction * configured.tolerance);
}

std::string tolerance_text(const CheckRule& applied, const std::optional<LearnedNoise>& noise,
                           double configured_tolerance, std::size_t history_commits) {
  const char* unit = applied.tolerance_in_pp ? " pp" : "%";
  std::string out = "tolerance " + number(applied.tolerance, unit);
  if (!noise) {
    out += " configured";
    if (history_commits > 0)
      out += " (" + std::to_string(history_commits) + (history_commits == 1 ? " commit" : " commits") +
             " with runs in the history; " + std::to_string(noise_min_commits) + " needed to learn its noise)";
    return out;
  }
  out += " learned from " + std::to_string(noise->commits) + " commits";
  if (noise->level_commits > 1) out += ", against the level of the newest " + std::to_string(noise->level_commits);
  if (applied.tolerance == noise_tightest_fraction * configured_tolerance)
    out += " (at its floor, a fifth of the configured " + number(configured_tolerance, unit) + ")";
  if (noise->drift >= reported_drift) {
    const std::string spread =
        std::isinf(noise->drift)
            ? "the commit medians move while each commit's repetitions agree"
            : "the commit medians spread " + number(noise->drift, "×") + " as much as their repetitions predict";
    out += "; " + spread + ": the runner's state moves between jobs, or small changes add up along the history";
  }
  return out;
}

} // namespace tally::gate
