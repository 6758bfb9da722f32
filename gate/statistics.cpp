// SPDX-License-Identifier: BSD-3-Clause
// The incomplete beta function by its continued fraction (modified Lentz), which converges fast
// for x < (a + 1)/(a + b + 2); the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) covers the rest. Digamma
// and trigamma by their recurrences up to x ≥ 10, then their asymptotic series (within 1e-12); the normal score by
// Newton's method on the logarithm of the tail, so that it stays exact where the tail is 1e-100.
#include "gate/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
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

double median_variance_factor(std::size_t n) {
  static std::map<std::size_t, double> known;
  if (n <= 2) return n == 2 ? 0.5 : 1.0;
  if (const auto found = known.find(n); found != known.end()) return found->second;
  // The trapezoid rule on [−8, 8]: the densities vanish beyond, and a step of 0.005 gives four
  // digits.
  constexpr double step = 0.005, edge = 8.0;
  const auto points = static_cast<std::size_t>(2 * edge / step) + 1;
  const double count = static_cast<double>(n);
  const std::size_t k = n / 2; // the median's order statistic (odd n), the lower middle one (even n)
  // ln of n! / ((below)! (above)!), the multinomial coefficient of an order statistic's density.
  const auto log_coefficient = [&](double below, double above) {
    return std::lgamma(count + 1) - std::lgamma(below + 1) - std::lgamma(above + 1);
  };
  const double inverse_root_two_pi = 1 / std::sqrt(2 * std::numbers::pi);
  double variance = 0;
  if (n % 2 == 1) {
    const double log_c = log_coefficient(static_cast<double>(k), static_cast<double>(k));
    for (std::size_t i = 0; i < points; ++i) {
      const double x = -edge + static_cast<double>(i) * step;
      const double below = 1 - normal_upper_tail(x), density = inverse_root_two_pi * std::exp(-x * x / 2);
      const double weight = i == 0 || i + 1 == points ? 0.5 : 1.0;
      variance += weight * step * x * x * density *
                  std::exp(log_c + static_cast<double>(k) * (std::log(below) + std::log1p(-below)));
    }
  } else {
    // (X₍ₖ₎ + X₍ₖ₊₁₎)/2 with E[X₍ₖ₎²] = E[X₍ₖ₊₁₎²] by symmetry; E[X₍ₖ₎X₍ₖ₊₁₎] from their joint
    // density, the inner integral over x < y accumulated along y.
    const double kk = static_cast<double>(k);
    const double log_single = log_coefficient(kk - 1, count - kk);
    const double log_joint = std::lgamma(count + 1) - 2 * std::lgamma(kk);
    double square = 0, product = 0, inner = 0, previous_inner_term = 0;
    for (std::size_t i = 0; i < points; ++i) {
      const double x = -edge + static_cast<double>(i) * step;
      const double below = std::max(1 - normal_upper_tail(x), 1e-300), above = std::max(normal_upper_tail(x), 1e-300);
      const double density = inverse_root_two_pi * std::exp(-x * x / 2);
      const double weight = i == 0 || i + 1 == points ? 0.5 : 1.0;
      square += weight * step * x * x * density *
                std::exp(log_single + (kk - 1) * std::log(below) + (count - kk) * std::log(above));
      const double inner_term = x * density * std::exp((kk - 1) * std::log(below));
      if (i > 0) inner += step * (inner_term + previous_inner_term) / 2;
      previous_inner_term = inner_term;
      product += weight * step * x * density * std::exp(log_joint + (kk - 1) * std::log(above)) * inner;
    }
    variance = (2 * square + 2 * product) / 4;
  }
  return known[n] = variance;
}

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
