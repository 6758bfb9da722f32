// SPDX-License-Identifier: BSD-3-Clause
// The behaviour rule on synthetic timelines whose class follows by hand from the thresholds of
// timeline_behaviour.hpp, and the idle nodes rule.
#include "tally/model/timeline_behaviour.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

/// A timeline of 100-unit buckets: `useful[b]` of bucket b useful, the rest in MPI. The last
/// entry is the partly filled last bucket.
Timeline timeline_of(const std::vector<std::uint64_t>& useful, std::uint64_t bucket_total = 100) {
  Timeline out;
  out.bucket_ns = 100'000'000;
  for (const std::uint64_t u : useful) {
    out.useful_ns.push_back(u);
    out.mpi_ns.push_back(bucket_total - u);
    out.offload_ns.push_back(0);
    out.openmp_ns.push_back(0);
  }
  return out;
}

/// 31 buckets (30 whole and the last): `steady` useful everywhere, then `changed` over [from, to).
std::vector<std::uint64_t> run_with(std::uint64_t steady, std::size_t from, std::size_t to, std::uint64_t changed) {
  std::vector<std::uint64_t> useful(31, steady);
  for (std::size_t b = from; b < to; ++b)
    useful[b] = changed;
  return useful;
}

// 30 whole buckets: warm-up ceil(30 / 20) = 2 buckets; typical activity 0.95, low below 0.475.

TEST(TimelineBehaviour, a_steady_run_is_stable) {
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 0, 0, 0))), Behaviour::stable);
}

TEST(TimelineBehaviour, a_warm_up_bucket_of_a_stable_code_stays_stable) {
  // Bucket 0 at 0.10: a one-bucket low phase inside the 2-bucket warm-up, which the stable test leaves out.
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 0, 1, 10))), Behaviour::stable);
}

TEST(TimelineBehaviour, a_partial_last_bucket_does_not_make_a_stall) {
  // The last bucket is 30 % filled and all MPI (the final collective): left out of the rule.
  Timeline timeline = timeline_of(run_with(95, 0, 0, 0));
  timeline.useful_ns.back() = 0;
  timeline.mpi_ns.back() = 30;
  EXPECT_EQ(timeline_behaviour(timeline), Behaviour::stable);
}

TEST(TimelineBehaviour, a_low_phase_that_opens_the_run_is_a_cold_start) {
  // Buckets 0..9 at 0.05 (< 0.475): 8 low buckets beyond the 2-bucket warm-up (>= 3). The median
  // of buckets 2..29 (8 low, 20 at 0.95) is 0.95.
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 0, 10, 5))), Behaviour::cold_start);
}

TEST(TimelineBehaviour, a_low_start_ending_under_three_buckets_after_the_warm_up_is_no_cold_start) {
  // Buckets 0..3 low: 2 beyond the warm-up, under 3. Buckets 2, 3 at 0.05 then keep 2 of 28
  // buckets out of the 10 % band (93 % < 95 %): varying, not a cold start.
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 0, 4, 5))), Behaviour::varying);
}

TEST(TimelineBehaviour, a_low_phase_in_the_middle_is_a_stall) {
  // Buckets 12..21 at 0.02: 10 consecutive low buckets after the warm-up (the median of the 28
  // buckets after it, 10 low and 18 at 0.95, is 0.95).
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 12, 22, 2))), Behaviour::stall);
}

TEST(TimelineBehaviour, a_low_phase_at_the_end_is_a_stall) {
  // Whole buckets 25..29 low (5 >= 3): the run ends waiting.
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 25, 31, 0))), Behaviour::stall);
}

TEST(TimelineBehaviour, a_stall_outranks_a_cold_start) {
  std::vector<std::uint64_t> useful = run_with(95, 0, 8, 5);
  for (std::size_t b = 15; b < 20; ++b)
    useful[b] = 5;
  EXPECT_EQ(timeline_behaviour(timeline_of(useful)), Behaviour::stall);
}

TEST(TimelineBehaviour, a_dip_of_two_buckets_is_no_stall) {
  // Buckets 14, 15 at 0.10: two low buckets (< 3); they leave the 10 % band in 2 of 28 buckets
  // (93 % < 95 %), so the run is varying.
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 14, 16, 10))), Behaviour::varying);
}

TEST(TimelineBehaviour, one_bucket_out_of_the_band_in_thirty_stays_stable) {
  // Bucket 20 at 0.80, the others at 0.95 (28 buckets after the warm-up): mean 0.9446; bucket 20
  // is 15 % off (out of the band), the 27 others 0.6 % off: 27/28 = 96 % in the band, mean
  // deviation (0.1446 + 27 x 0.0054) / 28 = 1.0 % of the mean.
  EXPECT_EQ(timeline_behaviour(timeline_of(run_with(95, 20, 21, 80))), Behaviour::stable);
}

TEST(TimelineBehaviour, alternating_activity_is_varying) {
  // 0.90 and 0.70 in turn: nothing under half of the median (0.70 or 0.90); the mean 0.80 is
  // 12.5 % from every bucket, out of the 10 % band.
  std::vector<std::uint64_t> useful(31);
  for (std::size_t b = 0; b < useful.size(); ++b)
    useful[b] = b % 2 == 0 ? 90 : 70;
  EXPECT_EQ(timeline_behaviour(timeline_of(useful)), Behaviour::varying);
}

TEST(TimelineBehaviour, activity_is_the_useful_share_whatever_the_bucket_holds) {
  // Every other bucket holds twice the time (190 useful of 200) at the same share, 0.95: how much
  // time a bucket holds (threads, ranks) does not weigh.
  Timeline timeline = timeline_of(run_with(95, 0, 0, 0));
  for (std::size_t b = 0; b < timeline.useful_ns.size(); b += 2) {
    timeline.useful_ns[b] *= 2;
    timeline.mpi_ns[b] *= 2;
  }
  EXPECT_DOUBLE_EQ(bucket_activity(timeline)[0], 0.95);
  EXPECT_EQ(timeline_behaviour(timeline), Behaviour::stable);
}

TEST(TimelineBehaviour, fewer_than_ten_whole_buckets_tell_nothing) {
  // 10 buckets: 9 whole ones and the last (a run under about one second).
  EXPECT_EQ(timeline_behaviour(timeline_of(std::vector<std::uint64_t>(10, 95))), std::nullopt);
  // 11 buckets: 10 whole ones, enough.
  EXPECT_EQ(timeline_behaviour(timeline_of(std::vector<std::uint64_t>(11, 95))), Behaviour::stable);
  EXPECT_EQ(timeline_behaviour(Timeline{}), std::nullopt);
}

TEST(TimelineBehaviour, a_run_with_no_useful_time_is_stable_at_zero) {
  // Every bucket at 0: nothing is under half of 0, and every bucket equals the mean.
  EXPECT_EQ(timeline_behaviour(timeline_of(std::vector<std::uint64_t>(31, 0))), Behaviour::stable);
}

TEST(IdleNodes, nodes_under_half_of_the_busiest_are_idle) {
  // Busiest 100: 49 is under half, 50 is exactly half (not under).
  const std::vector<std::string> hosts{"n0", "n1", "n2", "n3"};
  const std::vector<std::uint64_t> busy{100, 49, 50, 0};
  EXPECT_EQ(idle_nodes(hosts, busy), (std::vector<std::string>{"n1", "n3"}));
}

TEST(IdleNodes, one_node_or_no_busy_time_has_no_idle_node) {
  EXPECT_TRUE(idle_nodes(std::vector<std::string>{"n0"}, std::vector<std::uint64_t>{5}).empty());
  EXPECT_TRUE(idle_nodes(std::vector<std::string>{"n0", "n1"}, std::vector<std::uint64_t>{0, 0}).empty());
}

} // namespace
} // namespace tally::model
