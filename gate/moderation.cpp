// SPDX-License-Identifier: BSD-3-Clause
// The prior's degrees of freedom solve ψ′(d₀/2) = (the log-variances' spread) − (the part their
// own estimates' noise explains), by inverse_trigamma; the prior's variance then follows from
// their mean.
#include "gate/moderation.hpp"

#include "gate/statistics.hpp"

#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

namespace tally::gate {
namespace {

/// Log-variances further than this many (normal-scaled) median absolute deviations from their
/// median are outliers of the fit.
constexpr double outlier_deviations = 4;

} // namespace

std::vector<VariancePrior> fit_variance_priors(std::span<const double> variances, std::span<const double> degrees,
                                               std::span<const std::size_t> groups) {
  const std::size_t checks = variances.size();
  std::vector<VariancePrior> out(checks);
  std::vector<double> logs(checks, 0), half_degrees(checks, 0);
  std::vector<bool> valid(checks, false);
  std::map<std::size_t, std::pair<double, std::size_t>> group_logs; // sum of e, members
  double family_logs = 0;
  std::size_t members = 0;
  for (std::size_t i = 0; i < checks; ++i) {
    if (!(variances[i] > 0) || !(degrees[i] > 0) || std::isinf(variances[i])) continue;
    half_degrees[i] = degrees[i] / 2;
    logs[i] = std::log(variances[i]) - digamma(half_degrees[i]) + std::log(half_degrees[i]);
    valid[i] = true;
    auto& [sum, count] = group_logs[groups[i]];
    sum += logs[i];
    ++count;
    family_logs += logs[i];
    ++members;
  }
  if (members < moderation_min_checks) return out;
  // Each check's deviation from its group's mean (the family's for a check alone), and the share
  // of its variance that deviation keeps: 1 − 1/n for a mean of n that includes it.
  const auto location = [&](std::size_t i) {
    const auto& [sum, count] = group_logs.at(groups[i]);
    return count > 1 ? sum / static_cast<double>(count) : family_logs / static_cast<double>(members);
  };
  const auto kept_share = [&](std::size_t i) {
    const std::size_t count = group_logs.at(groups[i]).second;
    return count > 1 ? 1.0 - 1.0 / static_cast<double>(count) : 1.0 - 1.0 / static_cast<double>(members);
  };
  std::vector<double> distances;
  for (std::size_t i = 0; i < checks; ++i) {
    if (valid[i]) distances.push_back(std::abs(logs[i] - location(i)));
  }
  const double center = analysis::median(distances);
  const double spread = 1.4826 * center;
  double squares = 0, noise = 0, shares = 0;
  for (std::size_t i = 0; i < checks; ++i) {
    if (!valid[i]) continue;
    const double deviation = logs[i] - location(i);
    if (spread > 0 && std::abs(deviation) > outlier_deviations * spread) continue;
    squares += deviation * deviation;
    noise += kept_share(i) * trigamma(half_degrees[i]);
    shares += kept_share(i);
  }
  if (shares <= 0) return out;
  const double excess = (squares - noise) / shares;
  const double prior_degrees =
      excess > 0 ? std::min(moderation_max_degrees, 2 * inverse_trigamma(excess)) : moderation_max_degrees;
  const double half = prior_degrees / 2;
  for (std::size_t i = 0; i < checks; ++i) {
    if (valid[i]) out[i] = {std::exp(location(i) + digamma(half) - std::log(half)), prior_degrees};
  }
  return out;
}

ModeratedVariance moderate(double variance, double degrees_of_freedom, const VariancePrior& prior) {
  if (prior.degrees_of_freedom <= 0) return {variance, degrees_of_freedom};
  const double degrees = prior.degrees_of_freedom + degrees_of_freedom;
  return {(prior.degrees_of_freedom * prior.variance + degrees_of_freedom * variance) / degrees, degrees};
}

} // namespace tally::gate
