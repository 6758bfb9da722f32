// SPDX-License-Identifier: BSD-3-Clause
#include "gate/job_tails.hpp"

#include "gate/statistics.hpp"

#include <cmath>

namespace tally::gate {
namespace {

/// The two-sided tail share the fit matches: far enough out to see the tails that move a family's
/// line (p of 10⁻⁴ and below), near enough that a comparison's thousands of scores count them.
constexpr double tail_share = 0.001;
/// How unlikely a count of scores beyond the point must be under the normal's tails to be heavier.
constexpr double chance_count_level = 0.01;
/// The fit's bounds: Cauchy's tails, and tails no heavier than the normal's as far as any
/// comparison's scores can tell.
constexpr double heaviest_degrees = 1;
constexpr double lightest_degrees = 1e4;

/// The smallest count k with P(N ≥ k) ≤ chance_count_level for N Poisson of mean `expected`.
double chance_count_limit(double expected) {
  double term = std::exp(-expected), below = 0;
  double k = 0;
  while (1 - below - term > chance_count_level) {
    below += term;
    ++k;
    term *= expected / k;
  }
  return k + 1;
}

} // namespace

std::vector<double> leave_one_out_scores(std::span<const double> values) {
  std::vector<double> out;
  const std::size_t n = values.size();
  if (n < 3) return out;
  const auto others = static_cast<double>(n - 1);
  for (std::size_t j = 0; j < n; ++j) {
    double mean = 0;
    for (std::size_t i = 0; i < n; ++i)
      mean += i == j ? 0 : values[i] / others;
    double squares = 0;
    for (std::size_t i = 0; i < n; ++i)
      squares += i == j ? 0 : (values[i] - mean) * (values[i] - mean);
    if (!(squares > 0)) continue;
    const double t = (values[j] - mean) / std::sqrt(squares / (others - 1) * (1 + 1 / others));
    out.push_back(std::copysign(normal_score(student_t_p_value(t, others - 1)), t));
  }
  return out;
}

double fit_tail_degrees(std::span<const double> scores) {
  const double point = normal_score(tail_share);
  double beyond = 0;
  for (const double score : scores)
    beyond += std::abs(score) >= point ? 1 : 0;
  const auto count = static_cast<double>(scores.size());
  if (scores.size() < job_tails_min_scores || beyond < chance_count_limit(count * tail_share)) return 0;
  const double share = beyond / count;
  if (share >= student_t_p_value(point, heaviest_degrees)) return heaviest_degrees;
  // P(|T| ≥ point) falls as the degrees grow: bisect on their logarithm.
  double low = std::log(heaviest_degrees), high = std::log(lightest_degrees);
  for (int step = 0; step < 60; ++step) {
    const double middle = (low + high) / 2;
    (student_t_p_value(point, std::exp(middle)) > share ? low : high) = middle;
  }
  return std::exp((low + high) / 2);
}

double with_tails(double p_value, double tail_degrees) {
  if (tail_degrees <= 0) return p_value;
  return student_t_p_value(normal_score(p_value), tail_degrees);
}

} // namespace tally::gate
