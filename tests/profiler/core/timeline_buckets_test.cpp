// SPDX-License-Identifier: BSD-3-Clause
// The timeline's bucket store fed with synthetic samples: runs of one second and ten minutes fit
// in 256 buckets of the widths computed by hand, samples spread over the buckets they cover,
// and merging and unit conversion keep every sum exact.
#include "core/timeline_buckets.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace tally::profiler {
namespace {

constexpr std::uint64_t ms = 1'000'000;
constexpr std::size_t useful = static_cast<std::size_t>(TimelineGroup::useful);
constexpr std::size_t mpi = static_cast<std::size_t>(TimelineGroup::mpi);

/// One thread sampled every `period_ns` for `run_ns`, useful all the time (amounts in ns).
TimelineBuckets sampled_run(std::uint64_t run_ns, std::uint64_t period_ns) {
  TimelineBuckets buckets;
  for (std::uint64_t at = 0; at < run_ns;) {
    const std::uint64_t next = std::min(at + period_ns, run_ns);
    buckets.add(at, next, GroupAmounts{next - at, 0, 0, 0});
    at = next;
  }
  return buckets;
}

std::uint64_t group_sum(const TimelineBuckets& buckets, std::size_t group) {
  std::uint64_t sum = 0;
  for (std::size_t bucket = 0; bucket < buckets.size(); ++bucket)
    sum += buckets[bucket][group];
  return sum;
}

TEST(TimelineBuckets, a_one_second_run_fills_ten_buckets_of_100_ms) {
  const TimelineBuckets buckets = sampled_run(1000 * ms, 100 * ms);
  // 1 s / 100 ms = 10 buckets; the run ends on a boundary, so no eleventh bucket opens.
  EXPECT_EQ(buckets.bucket_ns(), 100 * ms);
  ASSERT_EQ(buckets.size(), 10u);
  for (std::size_t bucket = 0; bucket < buckets.size(); ++bucket)
    EXPECT_EQ(buckets[bucket][useful], 100 * ms) << "bucket " << bucket;
}

TEST(TimelineBuckets, a_ten_minute_run_fits_in_256_buckets_of_3_2_s) {
  const TimelineBuckets buckets = sampled_run(600'000 * ms, 100 * ms);
  // 600 s needs buckets of at least 600 s / 256 = 2.34 s: 100 ms x 2^5 = 3.2 s (2^4 gives
  // 1.6 s, too narrow). 600 / 3.2 = 187.5: 187 full buckets and a half-full 188th.
  EXPECT_EQ(buckets.bucket_ns(), 3200 * ms);
  ASSERT_EQ(buckets.size(), 188u);
  EXPECT_EQ(buckets[0][useful], 3200 * ms);
  EXPECT_EQ(buckets[186][useful], 3200 * ms);
  EXPECT_EQ(buckets[187][useful], 1600 * ms);
  EXPECT_EQ(group_sum(buckets, useful), 600'000 * ms);
}

TEST(TimelineBuckets, a_sample_is_spread_over_the_buckets_its_interval_covers) {
  TimelineBuckets buckets;
  // 300 ms from 50 ms to 350 ms, 600 units of MPI: 50/100/100/50 ms of it in buckets 0..3.
  buckets.add(50 * ms, 350 * ms, GroupAmounts{0, 600, 0, 0});
  ASSERT_EQ(buckets.size(), 4u);
  EXPECT_EQ(buckets[0][mpi], 100u);
  EXPECT_EQ(buckets[1][mpi], 200u);
  EXPECT_EQ(buckets[2][mpi], 200u);
  EXPECT_EQ(buckets[3][mpi], 100u);
}

TEST(TimelineBuckets, an_empty_interval_goes_to_the_bucket_of_its_moment) {
  TimelineBuckets buckets;
  buckets.add(250 * ms, 250 * ms, GroupAmounts{7, 0, 0, 0});
  ASSERT_EQ(buckets.size(), 3u); // 250 ms lies in bucket 2, [200, 300) ms
  EXPECT_EQ(buckets[2][useful], 7u);
}

TEST(TimelineBuckets, uneven_samples_and_merges_keep_every_sum_exact) {
  TimelineBuckets buckets;
  GroupAmounts added{};
  // 200 irregular intervals (37 to 259 ms) with amounts that do not divide evenly reach
  // 29.526 s, past 256 x 100 ms: one merge, to 200 ms. A last sample up to 60 s, past
  // 256 x 200 ms = 51.2 s, forces a second, to 400 ms: 60 s / 400 ms = 150 buckets.
  std::uint64_t at = 0;
  for (std::uint64_t step = 1; step <= 200; ++step) {
    const std::uint64_t next = at + (step % 7 + 1) * 37 * ms;
    const GroupAmounts amounts{step * 1001 + 3, step * 17 + 1, step % 5, step * 3};
    buckets.add(at, next, amounts);
    for (std::size_t group = 0; group < timeline_group_count; ++group)
      added[group] += amounts[group];
    at = next;
  }
  const GroupAmounts last{999, 1, 2, 3};
  buckets.add(at, 60'000 * ms, last);
  for (std::size_t group = 0; group < timeline_group_count; ++group)
    added[group] += last[group];
  EXPECT_EQ(buckets.bucket_ns(), 400 * ms);
  EXPECT_EQ(buckets.size(), 150u); // 60 s / 400 ms
  for (std::size_t group = 0; group < timeline_group_count; ++group)
    EXPECT_EQ(group_sum(buckets, group), added[group]) << "group " << group;
}

TEST(TimelineBuckets, taking_back_empties_the_latest_buckets_first) {
  TimelineBuckets buckets;
  for (std::uint64_t bucket = 0; bucket < 3; ++bucket)
    buckets.add(bucket * 100 * ms, (bucket + 1) * 100 * ms, GroupAmounts{0, 0, 0, 40});
  // 50 of the OpenMP group back: all 40 of bucket 2, then 10 of bucket 1; 70 of 120 stay.
  buckets.take_back(GroupAmounts{0, 0, 0, 50});
  EXPECT_EQ(buckets[2][3], 0u);
  EXPECT_EQ(buckets[1][3], 30u);
  EXPECT_EQ(buckets[0][3], 40u);
  // More than is left empties every bucket and no more.
  buckets.take_back(GroupAmounts{0, 0, 0, 1000});
  EXPECT_EQ(group_sum(buckets, 3), 0u);
  EXPECT_EQ(buckets.size(), 3u);
}

TEST(TimelineBuckets, coarsening_to_a_wider_bucket_adds_neighbours_pairwise) {
  TimelineBuckets buckets;
  for (std::uint64_t bucket = 0; bucket < 5; ++bucket)
    buckets.add(bucket * 100 * ms, (bucket + 1) * 100 * ms, GroupAmounts{bucket + 1, 0, 0, 10 * (bucket + 1)});
  buckets.coarsen_to(400 * ms);
  // Two merges: (1+2, 3+4, 5) then (1+2+3+4, 5); the fifth bucket stays a partial one.
  EXPECT_EQ(buckets.bucket_ns(), 400 * ms);
  ASSERT_EQ(buckets.size(), 2u);
  EXPECT_EQ(buckets[0][useful], 10u);
  EXPECT_EQ(buckets[1][useful], 5u);
  EXPECT_EQ(buckets[0][3], 100u);
  EXPECT_EQ(buckets[1][3], 50u);
}

TEST(TimelineBuckets, ranks_of_different_widths_sum_slot_by_slot_at_the_widest) {
  // What the MPI reduction does with the slots: a 30 s rank (200 ms buckets: 30 s is past
  // 25.6 s) and a 1 s rank (100 ms) coarsened to 200 ms, then summed slot by slot.
  TimelineBuckets long_rank = sampled_run(30'000 * ms, 100 * ms);
  TimelineBuckets short_rank = sampled_run(1000 * ms, 100 * ms);
  ASSERT_EQ(long_rank.bucket_ns(), 200 * ms);
  short_rank.coarsen_to(long_rank.bucket_ns());
  TimelineSlots total = long_rank.slots();
  const TimelineSlots other = short_rank.slots();
  for (std::size_t slot = 0; slot < total.size(); ++slot)
    total[slot] += other[slot];
  const TimelineBuckets sum =
      TimelineBuckets::from_slots(200 * ms, std::max(long_rank.size(), short_rank.size()), total);
  // 150 buckets of 200 ms; the first 5 hold both ranks (400 ms), the others the long rank's 200 ms.
  ASSERT_EQ(sum.size(), 150u);
  EXPECT_EQ(sum.bucket_ns(), 200 * ms);
  EXPECT_EQ(sum[0][useful], 400 * ms);
  EXPECT_EQ(sum[4][useful], 400 * ms);
  EXPECT_EQ(sum[5][useful], 200 * ms);
  EXPECT_EQ(group_sum(sum, useful), 31'000 * ms);
}

TEST(TimelineBuckets, conversion_to_nanoseconds_rounds_each_total_once) {
  TimelineBuckets ticks;
  for (std::uint64_t bucket = 0; bucket < 3; ++bucket)
    ticks.add(bucket * 100 * ms, (bucket + 1) * 100 * ms, GroupAmounts{3, 0, 0, 0});
  // 0.5 ns per tick: 1.5 ns per bucket would round to 2 each (6 in all); rounding the running
  // sum gives llround(1.5)=2, llround(3)=3, llround(4.5)=5: 2, 1, 2, whose total 5 is llround(9 x 0.5).
  const TimelineBuckets ns = ticks.in_nanoseconds(0.5);
  ASSERT_EQ(ns.size(), 3u);
  EXPECT_EQ(ns[0][useful], 2u);
  EXPECT_EQ(ns[1][useful], 1u);
  EXPECT_EQ(ns[2][useful], 2u);
  EXPECT_EQ(ns.bucket_ns(), 100 * ms);
}

} // namespace
} // namespace tally::profiler
