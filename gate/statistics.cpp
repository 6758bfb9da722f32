// SPDX-License-Identifier: BSD-3-Clause
// The incomplete beta function by its continued fraction (modified Lentz), which converges fast
// for x < (a + 1)/(a + b + 2); the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) covers the rest.
#include "gate/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tally::gate {
namespace {

double beta_continued_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300;
  constexpr double precision = 1e-15;
  double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
  d = 1.0 / (std::abs(d) < tiny ? tiny : d);
  double fraction = d;
  for (int m = 1; m <= 300; ++m) {
    const double m2 = 2.0 * m;
    // The even and the odd step of the fraction.
    for (const double numerator :
         {m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)), -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))}) {
      d = 1.0 + numerator * d;
      d = 1.0 / (std::abs(d) < tiny ? tiny : d);
      c = 1.0 + numerator / c;
      if (std::abs(c) < tiny) c = tiny;
      fraction *= c * d;
    }
    if (std::abs(c * d - 1.0) < precision) break;
  }
  return fraction;
}

/// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double log_front = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  if (x < (a + 1.0) / (a + b + 2.0)) return std::exp(log_front) * beta_continued_fraction(a, b, x) / a;
  return 1.0 - std::exp(log_front) * beta_continued_fraction(b, a, 1.0 - x) / b;
}

} // namespace

double student_t_p_value(double t, double degrees_of_freedom) {
  if (std::isinf(t)) return 0;
  const double x = degrees_of_freedom / (degrees_of_freedom + t * t);
  return std::clamp(incomplete_beta(degrees_of_freedom / 2.0, 0.5, x), 0.0, 1.0);
}

double f_upper_tail(double ratio, double numerator_degrees_of_freedom, double denominator_degrees_of_freedom) {
  if (ratio <= 0) return 1;
  if (std::isinf(ratio)) return 0;
  const double x =
      denominator_degrees_of_freedom / (denominator_degrees_of_freedom + numerator_degrees_of_freedom * ratio);
  return std::clamp(incomplete_beta(denominator_degrees_of_freedom / 2.0, numerator_degrees_of_freedom / 2.0, x), 0.0,
                    1.0);
}

std::vector<bool> benjamini_hochberg(std::span<const double> p_values, double q) {
  std::vector<std::size_t> order(p_values.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  const auto m = static_cast<double>(p_values.size());
  std::size_t rejected = 0;
  for (std::size_t rank = 1; rank <= order.size(); ++rank) {
    if (p_values[order[rank - 1]] <= static_cast<double>(rank) * q / m) rejected = rank;
  }
  std::vector<bool> out(p_values.size(), false);
  for (std::size_t rank = 0; rank < rejected; ++rank)
    out[order[rank]] = true;
  return out;
}

} // namespace tally::gate
