// SPDX-License-Identifier: BSD-3-Clause
// The runner's speed of each commit from every region's elapsed time: speeds set by hand, regions
// whose repetitions agree to 0.01%, so every weight is at the finest and the speeds are exact.
#include "gate/runner_speed.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace tally::gate {
namespace {

/// One region's times: `base` × each commit's speed, three repetitions 0.01% apart, keyed by the
/// commit's position (the oldest the largest, as on the gate's axis).
struct Region {
  CommitValues commits;
  std::vector<double> candidate;
};

std::vector<double> repetitions(double median) { return {median * 0.9999, median, median * 1.0001}; }

/// The position of the c-th of `count` history commits, oldest first (the baseline, last, at 0).
std::size_t position_of(std::size_t c, std::size_t count) {
  return c + 1 == count ? baseline_position : first_history_position + (count - 2 - c);
}

Region region_of(double base, const std::vector<double>& speeds, double candidate_speed) {
  Region out;
  for (std::size_t c = 0; c < speeds.size(); ++c)
    out.commits[position_of(c, speeds.size())] = repetitions(base * speeds[c]);
  out.candidate = repetitions(base * candidate_speed);
  return out;
}

std::vector<RegionTimes> times_of(const std::vector<Region>& regions) {
  std::vector<RegionTimes> out;
  for (const Region& region : regions)
    out.push_back({region.commits, region.candidate});
  return out;
}

/// The mean of the speeds' logarithms and their sample variance, by hand.
std::pair<double, double> log_mean_and_variance(const std::vector<double>& speeds) {
  const auto n = static_cast<double>(speeds.size());
  double mean = 0;
  for (const double s : speeds)
    mean += std::log(s) / n;
  double squares = 0;
  for (const double s : speeds)
    squares += (std::log(s) - mean) * (std::log(s) - mean);
  return {mean, squares / (n - 1)};
}

TEST(RunnerSpeed, a_runner_that_drifts_is_removed_and_the_candidates_job_is_measured_against_the_history) {
  // Five regions of different sizes, three commits on jobs at speeds 1.00, 1.10 and 0.90, the
  // candidate's at 1.20. Each region's reference is the mean of its log medians, so each commit's
  // speed is ln s less the mean of ln s over the history, whatever the region.
  const std::vector<double> speeds{1.00, 1.10, 0.90};
  std::vector<Region> regions;
  for (const double base : {1.0, 3.0, 10.0, 0.5, 7.0})
    regions.push_back(region_of(base, speeds, 1.20));
  const std::optional<RunnerSpeed> speed = runner_speed(times_of(regions));
  ASSERT_TRUE(speed);
  const auto [mean, spread] = log_mean_and_variance(speeds);
  // Each weight is 1/(10⁻³)² (the finest relative deviation), five of them: the speed's own noise
  // is π/2/5·10⁻⁶, so the shrinkage is spread − noise over spread.
  const double noise = std::numbers::pi / 2 / (5 * 1e6);
  const double shrink = (spread - noise) / spread;
  ASSERT_EQ(speed->commit_corrections.size(), 3u);
  for (std::size_t c = 0; c < 3; ++c)
    EXPECT_NEAR(speed->commit_corrections.at(position_of(c, 3)), shrink * (std::log(speeds[c]) - mean), 1e-12) << c;
  EXPECT_NEAR(speed->candidate_move, std::log(1.20) - mean, 1e-12);
  EXPECT_NEAR(speed->candidate_correction, shrink * (std::log(1.20) - mean), 1e-12);
  EXPECT_NEAR(speed->move_deviation, std::sqrt(spread * (1.0 + 1.0 / 3)), 1e-12);
  EXPECT_DOUBLE_EQ(speed->degrees_of_freedom, 2.0);
  EXPECT_NEAR(speed->drift, std::sqrt(spread - noise), 1e-12);
}

TEST(RunnerSpeed, regions_that_came_and_went_are_joined_on_their_commits) {
  // The five regions above at every commit, one added at the second commit (it ran there, at the
  // baseline and in the candidate), one removed after the second commit, one that ran at the
  // baseline alone (one commit tells no speed). Each region that ran at a commit ran at its speed,
  // so every ratio at a commit is that commit's speed less the history's mean, as with the five
  // alone; only the speeds' own noise counts the regions that ran: weights of 10⁶ each, 6 at the
  // first commit, 7 at the second, 6 at the baseline.
  const std::vector<double> speeds{1.00, 1.10, 0.90};
  std::vector<Region> regions;
  for (const double base : {1.0, 3.0, 10.0, 0.5, 7.0})
    regions.push_back(region_of(base, speeds, 1.20));
  Region added = region_of(2.0, speeds, 1.20);
  added.commits.erase(position_of(0, 3));
  Region removed = region_of(4.0, speeds, 1.20);
  removed.commits.erase(position_of(2, 3));
  removed.candidate.clear();
  Region baseline_only = region_of(5.0, speeds, 1.20);
  baseline_only.commits.erase(position_of(0, 3));
  baseline_only.commits.erase(position_of(1, 3));
  for (Region* region : {&added, &removed, &baseline_only})
    regions.push_back(*region);
  const std::optional<RunnerSpeed> speed = runner_speed(times_of(regions));
  ASSERT_TRUE(speed);
  const auto [mean, spread] = log_mean_and_variance(speeds);
  const double noise = std::numbers::pi / 2 * (1 / 6e6 + 1 / 7e6 + 1 / 6e6) / 3;
  const double shrink = (spread - noise) / spread;
  ASSERT_EQ(speed->commit_corrections.size(), 3u);
  for (std::size_t c = 0; c < 3; ++c)
    EXPECT_NEAR(speed->commit_corrections.at(position_of(c, 3)), shrink * (std::log(speeds[c]) - mean), 1e-12) << c;
  EXPECT_NEAR(speed->candidate_move, std::log(1.20) - mean, 1e-12);
  EXPECT_NEAR(speed->drift, std::sqrt(spread - noise), 1e-12);
}

TEST(RunnerSpeed, a_commit_where_too_few_regions_ran_is_not_corrected) {
  // Five regions at the last three commits; at the oldest only two ran (the others were added
  // since): its speed is unknown and it has no correction, the other three are the history.
  const std::vector<double> speeds{1.30, 1.00, 1.10, 0.90};
  std::vector<Region> regions;
  for (const double base : {1.0, 3.0, 10.0, 0.5, 7.0})
    regions.push_back(region_of(base, speeds, 1.0));
  for (std::size_t r = 2; r < regions.size(); ++r)
    regions[r].commits.erase(position_of(0, 4));
  const std::optional<RunnerSpeed> speed = runner_speed(times_of(regions));
  ASSERT_TRUE(speed);
  EXPECT_FALSE(speed->commit_corrections.contains(position_of(0, 4)));
  EXPECT_EQ(speed->commit_corrections.size(), 3u);
  EXPECT_DOUBLE_EQ(speed->degrees_of_freedom, 2.0);
}

TEST(RunnerSpeed, one_region_that_grew_does_not_move_the_candidates_speed) {
  // A steady runner (every speed 1) whose candidate's solver takes twice as long: the median of the
  // five regions' ratios is still 1, so nothing is corrected and no move is left to the runner.
  std::vector<Region> regions;
  for (const double base : {1.0, 3.0, 10.0, 0.5, 7.0})
    regions.push_back(region_of(base, {1.0, 1.0, 1.0}, 1.0));
  regions[2].candidate = repetitions(20.0);
  const std::optional<RunnerSpeed> speed = runner_speed(times_of(regions));
  ASSERT_TRUE(speed);
  EXPECT_NEAR(speed->candidate_move, 0.0, 1e-12);
  EXPECT_NEAR(speed->candidate_correction, 0.0, 1e-12);
  EXPECT_DOUBLE_EQ(speed->drift, 0.0);
}

TEST(RunnerSpeed, too_few_regions_or_commits_tell_no_speed) {
  std::vector<Region> four;
  for (const double base : {1.0, 3.0, 10.0, 0.5})
    four.push_back(region_of(base, {1.0, 1.1, 0.9}, 1.2));
  EXPECT_FALSE(runner_speed(times_of(four)));
  std::vector<Region> two_commits;
  for (const double base : {1.0, 3.0, 10.0, 0.5, 7.0})
    two_commits.push_back(region_of(base, {1.0, 1.1}, 1.2));
  EXPECT_FALSE(runner_speed(times_of(two_commits)));
}

} // namespace
} // namespace tally::gate
