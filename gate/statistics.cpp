// SPDX-License-Identifier: BSD-3-Clause
// The incomplete beta function by its continued fraction (modified Lentz), which converges fast
// for x < (a + 1)/(a + b + 2); the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) covers the rest. Digamma
// and trigamma by their recurrences up to x ≥ 10, then their asymptotic series (within 1e-12); the normal score by
// Newton's method on the logarithm of the tail, so that it stays exact where the tail is 1e-100.
#include "gate/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
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

double normal_upper_tail(double z) { return 0.5 * std::erfc(z / std::numbers::sqrt2); }

double normal_score(double two_sided_p) {
  if (two_sided_p >= 1) return 0;
  if (two_sided_p <= 0) return std::numeric_limits<double>::infinity();
  const double tail = std::max(two_sided_p, 1e-300) / 2.0;
  // Abramowitz and Stegun 26.2.23 (within 5e-4), then Newton on ln Q(z) = ln tail.
  const double t = std::sqrt(-2.0 * std::log(tail));
  double z =
      t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1.0 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
  for (int step = 0; step < 8; ++step) {
    const double upper = normal_upper_tail(z);
    const double density = std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi);
    const double next = z + (std::log(upper) - std::log(tail)) * upper / density;
    if (std::abs(next - z) < 1e-12 * std::max(1.0, z)) return std::max(0.0, next);
    z = next;
  }
  return std::max(0.0, z);
}

double digamma(double x) {
  double shift = 0;
  for (; x < 10; x += 1)
    shift -= 1.0 / x;
  const double r = 1.0 / (x * x);
  return shift + std::log(x) - 0.5 / x -
         r * (1.0 / 12 - r * (1.0 / 120 - r * (1.0 / 252 - r * (1.0 / 240 - r * (1.0 / 132)))));
}

double trigamma(double x) {
  double shift = 0;
  for (; x < 10; x += 1)
    shift += 1.0 / (x * x);
  const double r = 1.0 / (x * x);
  return shift + 1.0 / x + r / 2.0 + r / x * (1.0 / 6 - r * (1.0 / 30 - r * (1.0 / 42 - r * (1.0 / 30))));
}

double inverse_trigamma(double value) {
  // trigamma falls from ∞ to 0 on (0, ∞): bisection on ln x is slow but cannot fail.
  double low = std::log(1e-8), high = std::log(1e8);
  for (int step = 0; step < 200 && high - low > 1e-13; ++step) {
    const double middle = 0.5 * (low + high);
    (trigamma(std::exp(middle)) > value ? low : high) = middle;
  }
  return std::exp(0.5 * (low + high));
}

double weighted_median(std::vector<std::pair<double, double>>& values) {
  std::sort(values.begin(), values.end());
  double total = 0;
  for (const auto& [value, weight] : values)
    total += weight;
  double below = 0;
  for (const auto& [value, weight] : values) {
    below += weight;
    if (below >= total / 2) return value;
  }
  return values.back().first;
}

double stouffer(std::span<const double> scores) {
  if (scores.empty()) return 0;
  double sum = 0;
  for (const double score : scores)
    sum += score;
  return sum / std::sqrt(static_cast<double>(scores.size()));
}

double simes(std::span<const double> p_values) {
  std::vector<double> sorted(p_values.begin(), p_values.end());
  std::sort(sorted.begin(), sorted.end());
  double out = 1;
  for (std::size_t k = 0; k < sorted.size(); ++k)
    out = std::min(out, static_cast<double>(sorted.size()) * sorted[k] / static_cast<double>(k + 1));
  return out;
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
