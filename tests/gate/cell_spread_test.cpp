// SPDX-License-Identifier: BSD-3-Clause
// The spread of one configuration's moves across its regions, on scores worked by hand: the upper
// quartile of n normal scores (the one at ⌊3n/4⌋ of the sorted, from 0) against |Z|'s, 1.1503, and
// chance's upper 1% point above it, 1.1503 + 2.326 · 1.0517 / √n.
#include "gate/cell_spread.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tally::gate {
namespace {

const double normal_upper_quartile = 1.1503493803760079;

double chance_point(double n) { return normal_upper_quartile + 2.326 * 1.0517 / std::sqrt(n); }

TEST(CellSpread, scores_as_wide_as_chance_makes_them_widen_nothing) {
  // 12 scores whose upper quartile (the 10th of 12, index 9) is 1.8: chance reaches
  // 1.1503 + 2.326 · 1.0517 / √12 = 1.8565.
  std::vector<double> scores{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.8, 2.5, 3.0};
  ASSERT_LT(1.8, chance_point(12));
  EXPECT_EQ(cell_spread(scores), 1.0);
}

TEST(CellSpread, a_quartile_beyond_chance_widens_by_its_ratio_to_the_normals) {
  // The same scores with an upper quartile of 3.0 (index 9 of the sorted 12): beyond 1.8565, so the
  // scales widen by 3.0 / 1.1503 = 2.608; the order they come in does not matter.
  std::vector<double> scores{3.0, 0.1, 4.0, 0.2, 0.3, 3.5, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
  EXPECT_NEAR(cell_spread(scores), 3.0 / normal_upper_quartile, 1e-12);
}

TEST(CellSpread, one_region_far_out_among_quiet_ones_does_not_widen_the_others) {
  // A region whose code changed (score 12) among 30 at chance: the quartile is a quiet region's.
  std::vector<double> scores(30, 0.7);
  scores.push_back(12.0);
  EXPECT_EQ(cell_spread(scores), 1.0);
}

TEST(CellSpread, fewer_scores_than_the_least_tell_nothing) {
  // Nine regions all far out: too few to tell a spread from a common change of nine regions.
  const std::vector<double> scores(cell_spread_min_checks - 1, 5.0);
  EXPECT_EQ(cell_spread(scores), 1.0);
  // Ten are enough: 5.0 / 1.1503.
  const std::vector<double> ten(cell_spread_min_checks, 5.0);
  EXPECT_NEAR(cell_spread(ten), 5.0 / normal_upper_quartile, 1e-12);
}

} // namespace
} // namespace tally::gate
