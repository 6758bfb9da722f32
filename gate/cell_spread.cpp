// SPDX-License-Identifier: BSD-3-Clause
// The spread of one configuration's moves across its regions (cell_spread.hpp).
#include "gate/cell_spread.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tally::gate {
namespace {

constexpr double normal_upper_quartile = 1.1503493803760079; // of |Z|: P(|Z| ≤ q) = 3/4
// The upper quartile of n draws of |Z| deviates by √(p(1 − p)/n) / f(q), f = 2φ(q) the density of
// |Z| at q, p = 3/4: 1.0517 / √n.
constexpr double quartile_deviation = 1.0517;
constexpr double chance_point = 2.326; // the standard normal's upper 1% point

} // namespace

double cell_spread(std::span<const double> normal_scores) {
  if (normal_scores.size() < cell_spread_min_checks) return 1.0;
  std::vector<double> sorted(normal_scores.begin(), normal_scores.end());
  std::sort(sorted.begin(), sorted.end());
  const double upper_quartile = sorted[3 * sorted.size() / 4];
  const double chance =
      normal_upper_quartile + chance_point * quartile_deviation / std::sqrt(static_cast<double>(sorted.size()));
  return upper_quartile > chance ? upper_quartile / normal_upper_quartile : 1.0;
}

} // namespace tally::gate
