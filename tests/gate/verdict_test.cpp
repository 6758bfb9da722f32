// SPDX-License-Identifier: BSD-3-Clause
// One check's evidence (weigh_change): how surely a move to its tolerance would be real. Student's
// t with 2 degrees of freedom has the closed form P(|T| ≥ t) = 1 − t/√(t² + 2), so the expected
// values below are computed by hand.
#include "gate/verdict.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace tally::gate {
namespace {

CheckRule rule_of(bool in_pp, double tolerance, double min_effect) {
  CheckRule rule;
  rule.tolerance_in_pp = in_pp;
  rule.tolerance = tolerance;
  rule.min_effect = min_effect;
  return rule;
}

double two_degrees_p(double t) { return 1.0 - t / std::sqrt(t * t + 2.0); }

TEST(Verdict, a_move_to_a_tolerance_in_points_is_weighed_against_the_scale) {
  // 2 pp is 0.02 of an efficiency; over a deviation of 0.001: t = 20, p = 1 − 20/√402 = 0.002491.
  const SampleVerdict evidence =
      weigh_change(rule_of(true, 2.0, 0), {0.9, 0.9}, Scale{0.001, 2, Evidence::learned_noise}, 1);
  ASSERT_TRUE(evidence.p_at_tolerance);
  EXPECT_NEAR(*evidence.p_at_tolerance, two_degrees_p(20), 1e-9);
  EXPECT_NEAR(*evidence.p_at_tolerance, 0.002491, 1e-6);
}

TEST(Verdict, one_jobs_move_is_weighed_with_the_historys_jobs_degrees_of_freedom) {
  // A move of 0.04 over a deviation of 0.02: t = 2. With the pooled 200 degrees p is about the
  // normal's 0.0469; as one job's, with 2 degrees (three history commits), p = 1 − 2/√6 = 0.183503.
  const SampleVerdict evidence =
      weigh_change(rule_of(true, 2.0, 0), {0.90, 0.86}, Scale{0.02, 200, Evidence::learned_noise, 2}, 1);
  ASSERT_TRUE(evidence.p_value && evidence.p_one_job);
  EXPECT_NEAR(*evidence.p_one_job, two_degrees_p(2), 1e-9);
  EXPECT_NEAR(*evidence.p_one_job, 0.183503, 1e-6);
  EXPECT_LT(*evidence.p_value, 0.05);
  // No history jobs to weigh it by: the pooled p-value.
  const SampleVerdict pooled =
      weigh_change(rule_of(true, 2.0, 0), {0.90, 0.86}, Scale{0.02, 200, Evidence::learned_noise, 0}, 1);
  EXPECT_DOUBLE_EQ(*pooled.p_one_job, *pooled.p_value);
}

TEST(Verdict, a_move_to_a_tolerance_in_percent_is_weighed_from_the_baseline_median) {
  // 5% of a median of 200 is 10; over a deviation of 5: t = 2, p = 1 − 2/√6 = 0.183503.
  const SampleVerdict evidence =
      weigh_change(rule_of(false, 5.0, 0), {200, 200}, Scale{5, 2, Evidence::learned_noise}, 1);
  ASSERT_TRUE(evidence.p_at_tolerance);
  EXPECT_NEAR(*evidence.p_at_tolerance, 0.183503, 1e-6);
}

TEST(Verdict, a_minimum_effect_above_the_tolerance_is_the_smallest_move_that_counts) {
  // A minimum effect of 20 beyond the tolerance's 10: t = 20/5 = 4, p = 1 − 4/√18 = 0.057191.
  const SampleVerdict evidence =
      weigh_change(rule_of(false, 5.0, 20), {200, 200}, Scale{5, 2, Evidence::learned_noise}, 1);
  ASSERT_TRUE(evidence.p_at_tolerance);
  EXPECT_NEAR(*evidence.p_at_tolerance, 0.057191, 1e-6);
}

TEST(Verdict, values_that_never_vary_make_any_move_to_the_tolerance_certain) {
  const SampleVerdict evidence =
      weigh_change(rule_of(true, 2.0, 0), {1.0, 1.0}, Scale{0, 4, Evidence::learned_noise}, 1);
  ASSERT_TRUE(evidence.p_at_tolerance);
  EXPECT_EQ(*evidence.p_at_tolerance, 0.0);
  EXPECT_EQ(evidence.p_value, 1.0); // no move at all
}

TEST(Verdict, without_a_scale_nothing_is_weighed) {
  const SampleVerdict evidence = weigh_change(rule_of(true, 2.0, 0), {0.9, 0.8}, std::nullopt, 1);
  EXPECT_FALSE(evidence.p_value);
  EXPECT_FALSE(evidence.p_at_tolerance);
  EXPECT_TRUE(evidence.exceeds_tolerance); // −10 pp against 2
}

} // namespace
} // namespace tally::gate
