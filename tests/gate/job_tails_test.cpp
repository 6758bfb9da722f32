// SPDX-License-Identifier: BSD-3-Clause
// One job's tails: each single run judged against the others, the tails fitted to how many lie far
// out, and a p-value read against them, on values worked by hand (Student's t with 2 degrees of
// freedom has the closed form P(|T| ≥ t) = 1 − t/√(t² + 2)).
#include "gate/job_tails.hpp"

#include "gate/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tally::gate {
namespace {

double two_degrees_p(double t) { return 1 - std::abs(t) / std::sqrt(t * t + 2); }

/// The normal's two-sided 0.1% point, where the fit counts the scores beyond.
const double tail_point = 3.2905267314919255;

TEST(JobTails, each_run_is_judged_against_the_others_as_students_t) {
  // 10 against 1, 2, 3 (mean 2, standard deviation 1): t = 8/√(1 + 1/3) = 6.928 with 2 degrees,
  // p = 0.0202; 1 against 2, 3, 10 (mean 5, deviation √19): t = −4/(√19·√(4/3)) = −0.795, p = 0.510.
  const std::vector<double> scores = leave_one_out_scores(std::vector<double>{1, 2, 3, 10});
  ASSERT_EQ(scores.size(), 4U);
  EXPECT_GT(scores[3], 0);
  EXPECT_NEAR(2 * normal_upper_tail(scores[3]), two_degrees_p(8 / std::sqrt(4.0 / 3)), 1e-9);
  EXPECT_LT(scores[0], 0);
  EXPECT_NEAR(2 * normal_upper_tail(-scores[0]), two_degrees_p(4 / (std::sqrt(19.0) * std::sqrt(4.0 / 3))), 1e-9);
}

TEST(JobTails, a_run_whose_others_do_not_vary_and_fewer_than_three_runs_give_no_score) {
  // 7 against 5, 5, 5: no spread to judge it by; each 5 against 5, 5, 7 has one.
  EXPECT_EQ(leave_one_out_scores(std::vector<double>{5, 5, 5, 7}).size(), 3U);
  EXPECT_TRUE(leave_one_out_scores(std::vector<double>{1, 2}).empty());
}

TEST(JobTails, a_count_beyond_the_point_that_chance_gives_keeps_the_normals_tails) {
  // 10,000 scores expect 10 beyond 3.29; a Poisson count of mean 10 reaches 18 with chance 1.4% and
  // 19 with 0.7%: 18 are the normal's tails, 19 are heavier.
  std::vector<double> scores(10000, 0.0);
  std::fill_n(scores.begin(), 18, 3.5);
  EXPECT_EQ(fit_tail_degrees(scores), 0);
  scores[18] = -3.5;
  EXPECT_GT(fit_tail_degrees(scores), 0);
}

TEST(JobTails, fewer_scores_than_expect_one_beyond_the_point_tell_no_tails) {
  // 999 scores expect 0.999 beyond 3.29: however many lie there, no tails; 1,000 with a tenth far
  // out do (Cauchy's share is 18.7%, Student's t with 2 degrees 8.1%: a tenth lies between).
  std::vector<double> scores(job_tails_min_scores - 1, 0.0);
  std::fill_n(scores.begin(), 100, 4.0);
  EXPECT_EQ(fit_tail_degrees(scores), 0);
  scores.push_back(0.0);
  EXPECT_GT(fit_tail_degrees(scores), 1);
  EXPECT_LT(fit_tail_degrees(scores), 2);
}

TEST(JobTails, the_share_beyond_the_point_gives_the_degrees_whose_tails_hold_it) {
  // Student's t with 2 degrees puts 1 − 3.2905/√(3.2905² + 2) = 8.126% beyond the point.
  std::vector<double> scores(100000, 0.0);
  std::fill_n(scores.begin(), 8126, 4.0);
  EXPECT_NEAR(fit_tail_degrees(scores), 2.0, 0.01);
  // Beyond Cauchy's share (1 − (2/π)·atan 3.2905 = 18.7%), Cauchy's.
  std::fill_n(scores.begin(), 20000, -4.0);
  EXPECT_EQ(fit_tail_degrees(scores), 1);
}

TEST(JobTails, a_p_value_is_read_against_the_tails) {
  // p = 0.001 is the normal score 3.2905; under Student's t with 2 degrees, 8.126%.
  EXPECT_NEAR(with_tails(0.001, 2), two_degrees_p(tail_point), 1e-9);
  EXPECT_EQ(with_tails(0.3, 0), 0.3);
}

} // namespace
} // namespace tally::gate
