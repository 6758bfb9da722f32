// SPDX-License-Identifier: BSD-3-Clause
// The gate's statistics: the two-sided p-value of a robust z against a scale estimated from few
// values (Student's t), the comparison of two variance estimates (Fisher's F), and the
// Benjamini-Hochberg rule over a family of p-values.
#pragma once

#include <span>
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

/// The Benjamini-Hochberg step-up rule at level `q` over `p_values`: with the p-values sorted,
/// p(1) ≤ … ≤ p(m), the largest k with p(k) ≤ k·q/m, and every hypothesis of rank ≤ k rejected.
/// When every hypothesis is true, the chance that any is rejected is at most q (for independent or
/// positively dependent p-values). One flag per p-value, in their order.
std::vector<bool> benjamini_hochberg(std::span<const double> p_values, double q);

} // namespace tally::gate
