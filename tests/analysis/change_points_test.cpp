// SPDX-License-Identifier: BSD-3-Clause
// The noise of a commit's median on spreads computed by hand, and change points on seeded series
// whose shifts are known by construction.
#include "analysis/change_points.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace tally::analysis {
namespace {

/// `commits` commits of 5 repetitions, normal noise of standard deviation 1 around `level(commit)`.
template <class Level> std::vector<std::vector<double>> series(int commits, std::uint64_t seed, Level level) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> noise(0.0, 1.0);
  std::vector<std::vector<double>> out(static_cast<std::size_t>(commits));
  for (int commit = 0; commit < commits; ++commit) {
    for (int repetition = 0; repetition < 5; ++repetition)
      out[static_cast<std::size_t>(commit)].push_back(level(commit) + noise(generator));
  }
  return out;
}

TEST(CommitMedianDeviation, repetitions_give_the_spread_of_a_median_of_that_many) {
  // Pairs within each commit differ by 1, 2, 1: median 1, σ = 1.4826/√2, a median of 3 values
  // √(π/6) of it (0.758). Successive medians 2, 3 differ by 1: two-thirds of 1.4826/√2, smaller.
  // The residuals are −1, +1 twice: a median of three draws is ±1 with probability 1/2, standard
  // deviation 1, over 1.15 (0.870): the largest part.
  const std::vector<std::vector<double>> commits = {{1, 2, 3}, {2, 3, 4}};
  const CommitNoise noise = commit_noise(commits);
  EXPECT_NEAR(noise.within, 1.4826 / std::numbers::sqrt2 * std::sqrt(std::numbers::pi / 6), 1e-12);
  EXPECT_NEAR(noise.between, 1.4826 / std::numbers::sqrt2 / 1.5, 1e-12);
  EXPECT_NEAR(noise.tails, 1.0 / 1.15, 1e-12);
  EXPECT_NEAR(commit_median_deviation(commits), 1.0 / 1.15, 1e-12);
  EXPECT_DOUBLE_EQ(noise.within_differences, 4.0);
}

TEST(CommitMedianDeviation, one_slow_run_in_five_widens_the_spread_of_a_median_that_pairs_do_not_see) {
  // Every commit {0, 0, 0, 0, 10}: 6 of its 10 pairs differ by 0, so their median is 0, and every
  // median is 0. The residuals (median left out) are 0, 0, 0, 10: a median of five draws is 10
  // when at least three draws are, p = 10·(1/4)³(3/4)² + 5·(1/4)⁴(3/4) + (1/4)⁵ = 106/1024, a
  // variance of 100·p·(1 − p) and a standard deviation of 3.046, over 1.15.
  const std::vector<std::vector<double>> commits(6, std::vector<double>{0, 0, 0, 0, 10});
  const double p = 106.0 / 1024.0;
  EXPECT_EQ(commit_noise(commits).within, 0.0);
  EXPECT_NEAR(commit_median_deviation(commits), std::sqrt(100 * p * (1 - p)) / 1.15, 1e-12);
}

TEST(CommitMedianDeviation, medians_that_move_more_than_their_repetitions_say_widen_it) {
  // One repetition per commit: no spread within; successive medians differ by 10 each time.
  const std::vector<std::vector<double>> commits = {{0}, {10}, {0}, {10}, {0}};
  EXPECT_NEAR(commit_median_deviation(commits), 1.4826 * 10 / std::numbers::sqrt2 / 1.5, 1e-12);
}

TEST(CommitMedianDeviation, one_repetition_of_one_commit_has_no_noise) {
  const std::vector<std::vector<double>> commits = {{4.0}};
  EXPECT_EQ(commit_median_deviation(commits), 0.0);
}

TEST(ChangePoints, a_steady_series_has_none) {
  // 20 seeds of 16 commits with noise only: a split would need 4 standard deviations.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto commits = series(16, seed, [](int) { return 100.0; });
    EXPECT_TRUE(change_points(commits).empty()) << "seed " << seed;
  }
}

TEST(ChangePoints, one_shift_of_three_standard_deviations_is_found_at_its_commit) {
  // Commits 0..7 at 100, 8..15 at 103: 3 per-run standard deviations, 5.6 of a median of 5.
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto commits = series(16, seed, [](int commit) { return commit < 8 ? 100.0 : 103.0; });
    const auto found = change_points(commits);
    ASSERT_EQ(found.size(), 1u) << "seed " << seed;
    EXPECT_EQ(found[0].index, 8u);
    // The levels are medians of 8 commit medians (a standard deviation of 0.535·√(π/16) = 0.24):
    // within 4 of them, 0.95, of the true level.
    EXPECT_NEAR(found[0].before, 100.0, 0.95);
    EXPECT_NEAR(found[0].after, 103.0, 0.95);
  }
}

TEST(ChangePoints, two_shifts_are_both_found_oldest_first) {
  // 100 for commits 0..5, 104 for 6..11, back to 100 from 12 to 17.
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto commits = series(18, seed, [](int commit) { return commit >= 6 && commit < 12 ? 104.0 : 100.0; });
    const auto found = change_points(commits);
    ASSERT_EQ(found.size(), 2u) << "seed " << seed;
    EXPECT_EQ(found[0].index, 6u);
    EXPECT_EQ(found[1].index, 12u);
    EXPECT_NEAR(found[0].after, 104.0, 0.95);
    EXPECT_NEAR(found[1].before, 104.0, 0.95);
    EXPECT_NEAR(found[1].after, 100.0, 0.95);
  }
}

TEST(ChangePoints, an_exact_count_that_changes_once_is_a_shift_and_one_that_never_does_is_not) {
  // No noise at all: any lasting difference is a change.
  const std::vector<std::vector<double>> once = {{7, 7}, {7, 7}, {7, 7}, {9, 9}, {9, 9}, {9, 9}};
  const auto found = change_points(once);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 3u);
  EXPECT_EQ(found[0].before, 7.0);
  EXPECT_EQ(found[0].after, 9.0);
  const std::vector<std::vector<double>> never = {{7}, {7}, {7}, {7}};
  EXPECT_TRUE(change_points(never).empty());
}

TEST(ChangePoints, a_shift_at_the_newest_commit_alone_is_no_change_point_yet) {
  // One commit at the new level is the gate's to judge; a change point needs three on each side.
  const std::vector<std::vector<double>> commits = {{5}, {5}, {5}, {5}, {8}};
  EXPECT_TRUE(change_points(commits).empty());
}

} // namespace
} // namespace tally::analysis
