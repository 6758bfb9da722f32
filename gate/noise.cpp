// SPDX-License-Identifier: BSD-3-Clause
// The candidate's median (standard deviation σ) against the level of k commits at one level (the
// median of their pooled repetitions, about σ/√k) differs by σ·√(1 + 1/k) when nothing changed,
// hence a tolerance of noise_deviations·σ·√(1 + 1/k). The noise and the level come from
// analysis/change_points, the rule the site's change points use.
#include "gate/noise.hpp"

#include "analysis/change_points.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace tally::gate {
namespace {

std::string number(double value, const char* unit) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2g%s", value, unit);
  return text;
}

/// Whether the baseline (the last commit) lies on the level of the `level - 1` commits before it,
/// within the tolerance's number of standard deviations.
bool baseline_on_level(std::span<const std::vector<double>> commits, std::size_t level, double deviation) {
  std::vector<double> earlier;
  for (const std::vector<double>& values : commits.subspan(commits.size() - level, level - 1))
    earlier.insert(earlier.end(), values.begin(), values.end());
  const double difference = std::abs(analysis::median(commits.back()) - analysis::median(earlier));
  return difference <= noise_deviations * deviation * std::sqrt(1.0 + 1.0 / static_cast<double>(level - 1));
}

/// The medians' part exceeds the repetitions' by up to a third when nothing drifts (a dozen medians
/// estimate it within about ±35%); beyond half again, the drift is real and its few medians limit
/// how well the noise is known.
constexpr double drift_beyond = 1.5;

/// How many degrees of freedom a deviation estimated from these differences is worth: a median of
/// absolute differences uses about half the information of a standard deviation for the pairs
/// within commits (the residuals' part rests on the same values), and about 0.3 for successive medians (measured by
/// simulation of normal values: Var(log s) = 1/(2ν)). Student's t with so many degrees of freedom then gives p-values
/// that hold in the tails, where a family of hundreds of checks is judged.
double degrees_of_freedom(const analysis::CommitNoise& noise) {
  const double degrees = noise.between <= drift_beyond * std::max(noise.within, noise.tails)
                             ? 0.5 * noise.within_differences
                             : 0.3 * noise.between_differences;
  return std::max(1.0, degrees);
}

} // namespace

Scale learned_scale(const LearnedNoise& noise) {
  const double level_error = 1.0 / static_cast<double>(noise.level_commits);
  return {noise.deviation * std::sqrt(1.0 + level_error), noise.degrees_of_freedom, Evidence::learned_noise};
}

std::optional<Scale> repetition_scale(std::span<const std::vector<double>> commits) {
  analysis::CommitNoise noise = analysis::commit_noise(commits);
  if (noise.within_differences == 0) return std::nullopt;
  // The last difference of medians is the candidate's own move: from three on, their median ignores it
  // and shows the runner's drift between commits.
  if (noise.between_differences < 3) noise.between = 0;
  return Scale{noise.deviation() * std::numbers::sqrt2, degrees_of_freedom(noise), Evidence::repetition_spread};
}

std::optional<LearnedNoise> learn_noise(std::span<const std::vector<double>> commits) {
  if (commits.size() < noise_min_commits) return std::nullopt;
  const analysis::CommitNoise noise = analysis::commit_noise(commits);
  const double deviation = noise.deviation();
  const std::vector<analysis::ChangePoint> shifts = analysis::change_points(commits, deviation);
  std::size_t level = commits.size() - (shifts.empty() ? 0 : shifts.back().index);
  // A shift at the baseline itself is no change point yet (it needs commits after it): the
  // candidate is then compared with the baseline alone, as a commit with its parent.
  if (level > 1 && !baseline_on_level(commits, level, deviation)) level = 1;
  return LearnedNoise{commits.size(), deviation, level, degrees_of_freedom(noise)};
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
  return out;
}

} // namespace tally::gate
