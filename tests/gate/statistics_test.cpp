// SPDX-License-Identifier: BSD-3-Clause
// Mann-Whitney p-values against values computed by hand from the definitions.
#include "gate/statistics.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tally::gate {
namespace {

TEST(MannWhitney, complete_separation_of_five_and_five_has_the_exact_p_of_two_in_252) {
  const std::vector<double> baseline{1, 2, 3, 4, 5};
  const std::vector<double> candidate{6, 7, 8, 9, 10};
  const MannWhitney result = mann_whitney(baseline, candidate);
  EXPECT_TRUE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 0);
  EXPECT_NEAR(result.p_value, 2.0 / 252.0, 1e-12); // C(10, 5) = 252 arrangements, 1 at each extreme
}

TEST(MannWhitney, exact_p_of_three_and_three_follows_the_textbook_distribution) {
  // U of 3 + 3 over its 20 arrangements: counts 1 1 2 3 3 3 3 2 1 1 for U = 0 .. 9.
  // Baseline {3, 5, 6} against {1, 2, 4}: pairs b > c are 3>1 3>2 5>1 5>2 5>4 6>1 6>2 6>4: U = 8;
  // P(U >= 8) = 2 / 20, two-sided 0.2.
  const MannWhitney result = mann_whitney(std::vector<double>{3, 5, 6}, std::vector<double>{1, 2, 4});
  EXPECT_DOUBLE_EQ(result.u, 8);
  EXPECT_NEAR(result.p_value, 0.2, 1e-12);
}

TEST(MannWhitney, direction_does_not_change_the_two_sided_p) {
  const std::vector<double> low{1.0, 1.1, 1.2, 1.3};
  const std::vector<double> high{1.4, 1.5, 1.6, 1.7};
  EXPECT_NEAR(mann_whitney(low, high).p_value, mann_whitney(high, low).p_value, 1e-15);
  EXPECT_NEAR(mann_whitney(low, high).p_value, 2.0 / 70.0, 1e-12); // C(8, 4) = 70
}

TEST(MannWhitney, ties_use_the_normal_approximation_with_tie_correction) {
  // Baseline {1, 2, 2, 3}, candidate {2, 4, 5, 6}: U = 0 + 0.5 + 0.5 + 1 = 2, mean 8. One tie group
  // of three (value 2): sigma^2 = 16/12 * (9 - 24/56) = 11.428571; z = (6 - 0.5) / 3.380617 = 1.626922;
  // p = erfc(z / sqrt 2) = 0.103754.
  const MannWhitney result = mann_whitney(std::vector<double>{1, 2, 2, 3}, std::vector<double>{2, 4, 5, 6});
  EXPECT_FALSE(result.exact);
  EXPECT_DOUBLE_EQ(result.u, 2);
  EXPECT_NEAR(result.p_value, 0.103754, 1e-6);
}

TEST(MannWhitney, large_samples_use_the_normal_approximation) {
  // 11 + 11, complete separation: U = 0, mean 60.5, sigma^2 = 11 * 11 * 23 / 12 = 231.9167,
  // z = 60 / 15.2288 = 3.93990, p = erfc(z / sqrt 2) = 8.1515e-5.
  std::vector<double> baseline, candidate;
  for (int i = 0; i < 11; ++i) {
    baseline.push_back(i);
    candidate.push_back(100 + i);
  }
  const MannWhitney result = mann_whitney(baseline, candidate);
  EXPECT_FALSE(result.exact);
  EXPECT_NEAR(result.p_value, 8.1515e-5, 1e-8);
}

TEST(MannWhitney, identical_values_give_no_evidence) {
  EXPECT_DOUBLE_EQ(mann_whitney(std::vector<double>{2, 2, 2}, std::vector<double>{2, 2}).p_value, 1.0);
}

TEST(SmallestPValue, four_and_four_is_the_first_balanced_size_below_five_percent) {
  EXPECT_NEAR(smallest_p_value(3, 3), 0.1, 1e-12);
  EXPECT_NEAR(smallest_p_value(4, 4), 2.0 / 70.0, 1e-12);
  EXPECT_NEAR(smallest_p_value(3, 5), 2.0 / 56.0, 1e-12);
  EXPECT_NEAR(smallest_p_value(1, 1), 1.0, 1e-12);
}

TEST(MedianDifference, is_candidate_median_minus_baseline_median) {
  EXPECT_DOUBLE_EQ(median_difference(std::vector<double>{1, 3, 2}, std::vector<double>{10, 20, 30, 40}), 23.0);
}

} // namespace
} // namespace tally::gate
