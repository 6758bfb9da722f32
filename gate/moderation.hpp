// SPDX-License-Identifier: BSD-3-Clause
// Noise pooled over a family of checks: each check's variance estimate, resting on a few
// repetitions, moderated towards a prior fitted over every check of the same metric (the empirical
// Bayes of limma's moderated t: Smyth 2004, "Linear models and empirical Bayes methods for
// assessing differential expression in microarray experiments").
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace tally::gate {

/// Fewer checks of a metric than this tell too little of how their variances spread: no prior.
inline constexpr std::size_t moderation_min_checks = 10;
/// The most degrees of freedom a prior counts with, reached when the checks' variances spread no
/// more than their own estimates' noise explains (their true variances alike).
inline constexpr double moderation_max_degrees = 200;

/// A scaled inverse-χ² prior of a check's true variance: s₀² with d₀ degrees of freedom. d₀ = 0
/// is no prior.
struct VariancePrior {
  double variance = 0;
  double degrees_of_freedom = 0;
};

/// Fits each check's prior to the checks' variance estimates s² (`variances`, each with its own
/// degrees of freedom d, `degrees`) by the moments of their logarithms: e = ln s² − ψ(d/2) + ln(d/2)
/// has mean ln s₀² − ψ(d₀/2) + ln(d₀/2) and variance ψ′(d/2) + ψ′(d₀/2). Checks of one `group`
/// (a region's metric at its several configurations: the same code) share the prior's location,
/// the mean of their e (limma's trend, its covariate the region: regions differ in noise by 10×,
/// and a prior of the whole family would pull every quiet region up to the noisy ones); a check
/// alone in its group takes the family's mean. d₀ comes from how far the checks' e spread about
/// their group's mean beyond what their own estimates' noise explains. Robust to a few outlying
/// variances: a deviation more than 4 median absolute deviations from the median is left out of the
/// fit. Estimates of 0 variance or 0 degrees are left out, and get no prior; none at all for fewer
/// than moderation_min_checks estimates.
std::vector<VariancePrior> fit_variance_priors(std::span<const double> variances, std::span<const double> degrees,
                                               std::span<const std::size_t> groups);

/// A check's moderated variance and its degrees of freedom.
struct ModeratedVariance {
  double variance = 0;
  double degrees_of_freedom = 0;
};

/// The posterior (d₀s₀² + d·s²)/(d₀ + d) with d₀ + d degrees of freedom, either way of the check's
/// own estimate. Keeping the larger of the two would bias every few-repetition scale up (its own
/// estimate is as often above its true variance as below, and the larger wins), the bias a short
/// history can least afford; a region truly noisier than the rest is kept apart by its group's
/// location (fit_variance_priors), not by the maximum.
ModeratedVariance moderate(double variance, double degrees_of_freedom, const VariancePrior& prior);

} // namespace tally::gate
