// SPDX-License-Identifier: BSD-3-Clause
// Student's t p-values against the closed forms of 1 and 2 degrees of freedom and the normal
// limit; Fisher's F against its closed forms; the Benjamini-Hochberg rule on families worked out
// by hand; the weighted median on values weighed by hand.
#include "gate/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace tally::gate {
namespace {

TEST(StudentT, one_degree_of_freedom_is_the_cauchy_distribution) {
  // P(|T| ≥ t) = 1 − 2·atan(t)/π: 1/2 at t = 1, 1/3 at t = √3 (atan = π/3).
  EXPECT_NEAR(student_t_p_value(1.0, 1.0), 0.5, 1e-12);
  EXPECT_NEAR(student_t_p_value(std::sqrt(3.0), 1.0), 1.0 / 3.0, 1e-12);
  EXPECT_NEAR(student_t_p_value(-std::sqrt(3.0), 1.0), 1.0 / 3.0, 1e-12);
}

TEST(StudentT, two_degrees_of_freedom_have_a_closed_form) {
  // P(|T| ≥ t) = 1 − t/√(2 + t²).
  for (const double t : {0.5, 2.0, 4.303, 30.0})
    EXPECT_NEAR(student_t_p_value(t, 2.0), 1.0 - t / std::sqrt(2.0 + t * t), 1e-12) << t;
}

TEST(StudentT, many_degrees_of_freedom_are_the_normal_distribution) {
  for (const double z : {1.0, 1.96, 4.0, 6.0})
    EXPECT_NEAR(student_t_p_value(z, 1e7) / std::erfc(z / std::numbers::sqrt2), 1.0, 1e-4) << z;
}

TEST(StudentT, no_difference_has_p_one_and_an_infinite_one_p_zero) {
  EXPECT_DOUBLE_EQ(student_t_p_value(0.0, 5.0), 1.0);
  EXPECT_DOUBLE_EQ(student_t_p_value(INFINITY, 5.0), 0.0);
}

TEST(FisherF, two_numerator_degrees_of_freedom_have_a_closed_form) {
  // With d₁ = 2 the density integrates in closed form: P(F ≥ f) = (1 + 2f/d₂)^(−d₂/2); 1/(1 + f) at d₂ = 2.
  for (const double f : {0.25, 1.0, 3.0, 19.0}) {
    EXPECT_NEAR(f_upper_tail(f, 2.0, 2.0), 1.0 / (1.0 + f), 1e-12) << f;
    EXPECT_NEAR(f_upper_tail(f, 2.0, 7.5), std::pow(1.0 + 2.0 * f / 7.5, -7.5 / 2.0), 1e-12) << f;
  }
}

TEST(FisherF, one_numerator_degree_of_freedom_is_students_t_squared) {
  // F(1, ν) is the square of Student's t with ν degrees of freedom: t = 1 with ν = 1 is P = 1/2.
  EXPECT_NEAR(f_upper_tail(1.0, 1.0, 1.0), 0.5, 1e-12);
  EXPECT_NEAR(f_upper_tail(3.0, 1.0, 1.0), 1.0 / 3.0, 1e-12);
  EXPECT_DOUBLE_EQ(f_upper_tail(0.0, 3.0, 6.0), 1.0);
}

TEST(Normal, the_score_of_a_two_sided_p_value_inverts_the_tail) {
  // Tables: P(|Z| ≥ 1.959964) = 0.05, P(|Z| ≥ 2.575829) = 0.01; 1e-10 at 6.466951.
  EXPECT_NEAR(normal_score(0.05), 1.959964, 1e-6);
  EXPECT_NEAR(normal_score(0.01), 2.575829, 1e-6);
  EXPECT_NEAR(normal_score(1e-10), 6.466951, 1e-5);
  EXPECT_DOUBLE_EQ(normal_score(1.0), 0.0);
  EXPECT_TRUE(std::isinf(normal_score(0.0)));
  EXPECT_NEAR(2 * normal_upper_tail(normal_score(1e-80)), 1e-80, 1e-86);
}

TEST(Gamma, digamma_and_trigamma_at_one_and_their_inverse) {
  // ψ(1) = −γ (Euler's constant), ψ′(1) = π²/6, ψ(1/2) = −γ − 2 ln 2, ψ′(1/2) = π²/2.
  EXPECT_NEAR(digamma(1.0), -0.5772156649015329, 1e-12);
  EXPECT_NEAR(digamma(0.5), -0.5772156649015329 - 2 * std::log(2.0), 1e-12);
  EXPECT_NEAR(trigamma(1.0), std::numbers::pi * std::numbers::pi / 6, 1e-12);
  EXPECT_NEAR(trigamma(0.5), std::numbers::pi * std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(inverse_trigamma(std::numbers::pi * std::numbers::pi / 6), 1.0, 1e-9);
  EXPECT_NEAR(inverse_trigamma(trigamma(37.5)), 37.5, 1e-6);
}

TEST(Combination, stouffer_adds_scores_over_the_root_of_their_number) {
  // Four moves of 2.5758 (p = 0.01 each) are one of 5.1517.
  const std::vector<double> scores(4, 2.575829);
  EXPECT_NEAR(stouffer(scores), 2 * 2.575829, 1e-12);
  const std::vector<double> opposite{2.0, -2.0};
  EXPECT_DOUBLE_EQ(stouffer(opposite), 0.0);
}

TEST(Combination, simes_is_the_least_of_n_p_over_rank) {
  // Sorted 0.01, 0.03, 0.04: 3·0.01/1 = 0.03, 3·0.03/2 = 0.045, 3·0.04/3 = 0.04.
  const std::vector<double> p{0.04, 0.01, 0.03};
  EXPECT_NEAR(simes(p), 0.03, 1e-15);
  const std::vector<double> one{0.2};
  EXPECT_DOUBLE_EQ(simes(one), 0.2);
}

TEST(BenjaminiHochberg, rejects_up_to_the_largest_rank_under_its_line) {
  // m = 4, q = 0.05: the lines are 0.0125, 0.025, 0.0375, 0.05; sorted 0.001, 0.02, 0.03, 0.2.
  const std::vector<double> p{0.02, 0.03, 0.2, 0.001};
  EXPECT_EQ(benjamini_hochberg(p, 0.05), (std::vector<bool>{true, true, false, true}));
}

TEST(BenjaminiHochberg, a_p_value_over_its_own_line_is_rejected_when_a_larger_rank_is_under_its_line) {
  // m = 2: 0.03 > 0.025 alone, but 0.04 ≤ 0.05 at rank 2 rejects both (step-up).
  EXPECT_EQ(benjamini_hochberg(std::vector<double>{0.03, 0.04}, 0.05), (std::vector<bool>{true, true}));
  EXPECT_EQ(benjamini_hochberg(std::vector<double>{0.03, 0.06}, 0.05), (std::vector<bool>{false, false}));
}

TEST(BenjaminiHochberg, one_small_p_value_among_many_must_beat_q_over_m) {
  std::vector<double> p(1000, 0.5);
  p[7] = 0.00006; // above 0.05 / 1000
  EXPECT_FALSE(benjamini_hochberg(p, 0.05)[7]);
  p[7] = 0.00004;
  EXPECT_TRUE(benjamini_hochberg(p, 0.05)[7]);
}

TEST(Statistics, the_variance_of_a_median_of_normal_values) {
  // One value: its own variance; two: their mean, half; three: 0.4487 and five: 0.2868 (the
  // sample median's efficiency 1/(n·v) of 0.743 and 0.697); many: towards π/(2n).
  EXPECT_DOUBLE_EQ(median_variance_factor(1), 1.0);
  EXPECT_DOUBLE_EQ(median_variance_factor(2), 0.5);
  EXPECT_NEAR(median_variance_factor(3), 0.4487, 1e-4);
  EXPECT_NEAR(median_variance_factor(4), 1 / (4 * 0.838), 1e-3);
  EXPECT_NEAR(median_variance_factor(5), 0.2868, 1e-4);
  EXPECT_NEAR(median_variance_factor(51) * 2 * 51 / std::numbers::pi, 1.0, 0.01);
}

TEST(WeightedMedian, is_the_value_where_the_weights_up_to_it_reach_half_their_sum) {
  // Sorted: 1 (weight 1), 2 (weight 2), 3 (weight 1); the weights reach 3 of 4 at 2.
  std::vector<std::pair<double, double>> balanced{{3, 1}, {1, 1}, {2, 2}};
  EXPECT_EQ(weighted_median(balanced), 2);
  // One precise value outweighs two loud ones: 3 of 5 at 1.
  std::vector<std::pair<double, double>> precise{{10, 1}, {1, 3}, {20, 1}};
  EXPECT_EQ(weighted_median(precise), 1);
}

} // namespace
} // namespace tally::gate
