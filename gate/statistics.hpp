// SPDX-License-Identifier: BSD-3-Clause
// The gate's statistics: the two-sided p-value of a robust z against a scale estimated from few
// values (Student's t), the comparison of two variance estimates (Fisher's F), the normal
// distribution's tail and its inverse, the functions of a log-variance's distribution (digamma,
// trigamma), combinations of p-values (Stouffer's, Simes') and the Benjamini-Hochberg rule over a
// family of p-values.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace tally::gate {

/// Two-sided p-value of `t` for Student's t distribution with `degrees_of_freedom` (> 0, not
/// necessarily an integer): P(|T| ≥ |t|) = I_{ν/(ν+t²)}(ν/2, 1/2), the regularized incomplete
/// beta function. 1 for t = 0, 0 for an infinite t.
double student_t_p_value(double t, double degrees_of_freedom);

/// P(F ≥ ratio) for Fisher's F distribution with `numerator_degrees_of_freedom` and
/// `denominator_degrees_of_freedom` (> 0, not necessarily integers): I_{d₂/(d₂+d₁·ratio)}(d₂/2, d₁/2).
/// The chance that a variance estimated with d₁ degrees of freedom exceeds `ratio` times another
/// estimated with d₂ when both estimate the same variance. 1 for a ratio of 0.
double f_upper_tail(double ratio, double numerator_degrees_of_freedom, double denominator_degrees_of_freedom);

/// P(Z ≥ z) for a standard normal Z.
double normal_upper_tail(double z);

/// The z ≥ 0 with P(|Z| ≥ z) = `two_sided_p` (0 < p ≤ 1): the normal score of a two-sided p-value;
/// infinite for p = 0. Accurate in the far tail (p down to 1e-300), where a family's line lies.
double normal_score(double two_sided_p);

/// ψ(x), the derivative of ln Γ(x), for x > 0.
double digamma(double x);
/// ψ′(x), the derivative of digamma, for x > 0.
double trigamma(double x);
/// The x > 0 with trigamma(x) = `value` (> 0).
double inverse_trigamma(double value);

/// The variance of the median of `n` independent standard normal values (n ≥ 1): 1 for one, 0.5
/// for two (their mean), 0.4487 for three, towards π/(2n) for many. From the order statistics'
/// densities by quadrature, once per n.
double median_variance_factor(std::size_t n);

/// The weighted median of (value, weight) pairs, sorted in place: the smallest value at which the
/// weights up to it reach half of their sum. `values` must not be empty.
double weighted_median(std::vector<std::pair<double, double>>& values);

/// Stouffer's combination of signed normal scores (each a check's z with the sign of its move):
/// Σzᵢ/√n, standard normal when every score is. Its two-sided p-value is 2·normal_upper_tail(|Z|).
double stouffer(std::span<const double> scores);

/// Simes' combination of p-values: min over k of n·p₍ₖ₎/k (sorted ascending), capped at 1; a valid
/// p-value for "none moved" under independence or positive dependence, as strong as Bonferroni's for
/// one clear move and stronger for several.
double simes(std::span<const double> p_values);

/// The Benjamini-Hochberg step-up rule at level `q` over `p_values`: with the p-values sorted,
/// p(1) ≤ … ≤ p(m), the largest k with p(k) ≤ k·q/m, and every hypothesis of rank ≤ k rejected.
/// When every hypothesis is true, the chance that any is rejected is at most q (for independent or
/// positively dependent p-values). One flag per p-value, in their order.
std::vector<bool> benjamini_hochberg(std::span<const double> p_values, double q);

} // namespace tally::gate
