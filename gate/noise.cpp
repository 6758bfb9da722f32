// SPDX-License-Identifier: BSD-3-Clause
// Two commit medians with the history's spread σ differ by √2·σ when nothing changed, hence a
// tolerance of noise_deviations·√2·σ. MAD instead of the standard deviation: one commit that
// really moved the metric should not widen every later tolerance.
#include "gate/noise.hpp"

#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tally::gate {
namespace {

/// Turns a MAD into a standard deviation for normally distributed values.
constexpr double mad_to_deviation = 1.4826;

std::string number(double value, const char* unit) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2g%s", value, unit);
  return text;
}

} // namespace

std::optional<LearnedNoise> learn_noise(std::vector<double> commit_medians) {
  if (commit_medians.size() < noise_min_commits) return std::nullopt;
  const double center = analysis::median(commit_medians);
  for (double& value : commit_medians)
    value = std::abs(value - center);
  return LearnedNoise{commit_medians.size(), mad_to_deviation * analysis::median(commit_medians)};
}

double tolerance_with_noise(const CheckRule& configured, const std::optional<LearnedNoise>& noise,
                            double baseline_median) {
  if (!noise) return configured.tolerance;
  double deviation = 100.0 * noise->deviation; // percentage points of an efficiency
  if (!configured.tolerance_in_pp) {
    if (baseline_median == 0) return configured.tolerance;
    deviation /= std::abs(baseline_median);
  }
  return std::max(noise_deviations * std::sqrt(2.0) * deviation, noise_tightest_fraction * configured.tolerance);
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
  if (applied.tolerance == noise_tightest_fraction * configured_tolerance)
    out += " (at its floor, a fifth of the configured " + number(configured_tolerance, unit) + ")";
  return out;
}

} // namespace tally::gate
