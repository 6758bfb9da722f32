// SPDX-License-Identifier: BSD-3-Clause
// Mann-Whitney U: exact distribution by recursion for small untied samples, normal
// approximation with tie correction otherwise.
#include "gate/statistics.hpp"

#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tally::gate {
namespace {

constexpr std::size_t exact_limit = 10;

/// Number of arrangements of n1 + n2 untied values whose U (of the first sample) is each of
/// 0 .. n1·n2: f(n1, n2, u) = f(n1 - 1, n2, u - n2) + f(n1, n2 - 1, u), counted bottom up.
std::vector<double> u_counts(std::size_t n1, std::size_t n2) {
  // table[i][j] is the distribution for sizes (i, j); doubles hold C(20, 10) exactly.
  std::vector<std::vector<std::vector<double>>> table(n1 + 1, std::vector<std::vector<double>>(n2 + 1));
  for (std::size_t i = 0; i <= n1; ++i) {
    for (std::size_t j = 0; j <= n2; ++j) {
      std::vector<double>& counts = table[i][j];
      counts.assign(i * j + 1, 0.0);
      if (i == 0 || j == 0) {
        counts[0] = 1;
        continue;
      }
      // The largest value belongs to the first sample (it beats all j others) or to the second.
      for (std::size_t u = 0; u < table[i - 1][j].size(); ++u)
        counts[u + j] += table[i - 1][j][u];
      for (std::size_t u = 0; u < table[i][j - 1].size(); ++u)
        counts[u] += table[i][j - 1][u];
    }
  }
  return table[n1][n2];
}

double exact_p_value(double u, std::size_t n1, std::size_t n2) {
  const std::vector<double> counts = u_counts(n1, n2);
  double total = 0, at_most = 0, at_least = 0;
  for (std::size_t value = 0; value < counts.size(); ++value) {
    total += counts[value];
    if (static_cast<double>(value) <= u) at_most += counts[value];
    if (static_cast<double>(value) >= u) at_least += counts[value];
  }
  return std::min(1.0, 2.0 * std::min(at_most, at_least) / total);
}

double normal_p_value(double u, std::span<const double> baseline, std::span<const double> candidate) {
  const double n1 = static_cast<double>(baseline.size());
  const double n2 = static_cast<double>(candidate.size());
  const double n = n1 + n2;
  // Runs of equal values in the sorted pooled sample are the ties.
  std::vector<double> pooled(baseline.begin(), baseline.end());
  pooled.insert(pooled.end(), candidate.begin(), candidate.end());
  std::sort(pooled.begin(), pooled.end());
  double tie_term = 0;
  for (std::size_t begin = 0, end = 0; begin < pooled.size(); begin = end) {
    while (end < pooled.size() && pooled[end] == pooled[begin])
      ++end;
    const auto t = static_cast<double>(end - begin);
    tie_term += t * t * t - t;
  }
  const double variance = n1 * n2 / 12.0 * ((n + 1) - tie_term / (n * (n - 1)));
  if (variance <= 0) return 1.0; // every value equal: no evidence of a difference
  const double distance = std::max(0.0, std::abs(u - n1 * n2 / 2.0) - 0.5);
  return std::min(1.0, std::erfc(distance / std::sqrt(variance) / std::sqrt(2.0)));
}

} // namespace

MannWhitney mann_whitney(std::span<const double> baseline, std::span<const double> candidate) {
  MannWhitney out;
  bool ties = false;
  for (double b : baseline) {
    for (double c : candidate) {
      if (b > c) out.u += 1;
      if (b == c) out.u += 0.5, ties = true;
    }
  }
  std::vector<double> pooled(baseline.begin(), baseline.end());
  pooled.insert(pooled.end(), candidate.begin(), candidate.end());
  std::sort(pooled.begin(), pooled.end());
  ties = ties || std::adjacent_find(pooled.begin(), pooled.end()) != pooled.end();
  out.exact = !ties && baseline.size() <= exact_limit && candidate.size() <= exact_limit;
  out.p_value =
      out.exact ? exact_p_value(out.u, baseline.size(), candidate.size()) : normal_p_value(out.u, baseline, candidate);
  return out;
}

double smallest_p_value(std::size_t n1, std::size_t n2) {
  double arrangements = 1; // C(n1 + n2, n1), built as a product to stay exact for small sizes
  for (std::size_t k = 1; k <= n1; ++k)
    arrangements = arrangements * static_cast<double>(n2 + k) / static_cast<double>(k);
  return std::min(1.0, 2.0 / arrangements);
}

double median_difference(std::span<const double> baseline, std::span<const double> candidate) {
  return analysis::median({candidate.begin(), candidate.end()}) - analysis::median({baseline.begin(), baseline.end()});
}

} // namespace tally::gate
