// SPDX-License-Identifier: BSD-3-Clause
// Region accounting by snapshot difference: nesting, repetition, misuse, counts, parents.
#include "core/thread_regions.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace tally::profiler {
namespace {

/// Totals at time `now` where the thread spent `useful` ticks useful and `mpi` ticks in MPI.
Totals at(std::uint64_t now, std::uint64_t useful, std::uint64_t mpi) {
  Totals totals;
  totals.now = now;
  totals.ticks[static_cast<std::size_t>(State::useful)] = useful;
  totals.ticks[static_cast<std::size_t>(State::mpi)] = mpi;
  return totals;
}

constexpr RegionHandle outer = 0;
constexpr RegionHandle inner = 1;

TEST(ThreadRegions, nested_regions_take_the_difference_of_their_own_start_and_stop) {
  ThreadRegions regions;
  regions.start(outer, at(100, 100, 0));
  regions.start(inner, at(130, 120, 10));
  EXPECT_EQ(regions.stop(inner, at(170, 140, 30)), StopResult::stopped);
  EXPECT_EQ(regions.stop(outer, at(200, 170, 30)), StopResult::stopped);

  const RegionTotals o = regions.totals(outer);
  const RegionTotals i = regions.totals(inner);
  EXPECT_EQ(o.elapsed_ticks, 100u);
  EXPECT_EQ(o.ticks[static_cast<std::size_t>(State::useful)], 70u);
  EXPECT_EQ(o.ticks[static_cast<std::size_t>(State::mpi)], 30u);
  EXPECT_EQ(i.elapsed_ticks, 40u);
  EXPECT_EQ(i.ticks[static_cast<std::size_t>(State::useful)], 20u);
  EXPECT_EQ(i.ticks[static_cast<std::size_t>(State::mpi)], 20u);
  EXPECT_LE(i.elapsed_ticks, o.elapsed_ticks);
}

/// `at` with `calls` MPI calls and `bytes` bytes sent counted so far.
Totals with_counts(std::uint64_t now, std::uint64_t calls, std::uint64_t bytes) {
  Totals totals = at(now, now, 0);
  totals.counts[model::count_slot::mpi_calls] = calls;
  totals.counts[model::count_slot::mpi_bytes_sent] = bytes;
  return totals;
}

TEST(ThreadRegions, counts_are_taken_by_snapshot_difference_like_times) {
  // outer from 3 calls to 10 and 100 bytes to 900; inner, inside it, from 5 to 8 and 300 to 700.
  // As the owner does, each start's counts are saved before the counts move on.
  ThreadRegions regions;
  regions.start(outer, with_counts(0, 3, 100));
  regions.save_start_counts(with_counts(0, 3, 100).counts);
  regions.start(inner, with_counts(10, 5, 300));
  regions.save_start_counts(with_counts(10, 5, 300).counts);
  regions.stop(inner, with_counts(20, 8, 700));
  regions.stop(outer, with_counts(30, 10, 900));
  EXPECT_EQ(regions.totals(outer).counts[model::count_slot::mpi_calls], 7u);
  EXPECT_EQ(regions.totals(outer).counts[model::count_slot::mpi_bytes_sent], 800u);
  EXPECT_EQ(regions.totals(inner).counts[model::count_slot::mpi_calls], 3u);
  EXPECT_EQ(regions.totals(inner).counts[model::count_slot::mpi_bytes_sent], 400u);
}

TEST(ThreadRegions, each_visit_is_credited_to_the_innermost_region_open_at_its_start) {
  // inner: 2 visits inside outer (10 + 20 ticks), 1 with nothing open (5 ticks).
  ThreadRegions regions;
  regions.start(outer, at(0, 0, 0));
  regions.start(inner, at(10, 10, 0));
  regions.stop(inner, at(20, 20, 0));
  regions.start(inner, at(30, 30, 0));
  regions.stop(inner, at(50, 50, 0));
  regions.stop(outer, at(60, 60, 0));
  regions.start(inner, at(70, 70, 0));
  regions.stop(inner, at(75, 75, 0));
  const RegionTotals totals = regions.totals(inner);
  ASSERT_EQ(totals.parents.size(), 2u);
  EXPECT_EQ(totals.parents[0].parent, outer);
  EXPECT_EQ(totals.parents[0].elapsed_ticks, 30u);
  EXPECT_EQ(totals.parents[1].parent, -1);
  EXPECT_EQ(totals.parents[1].elapsed_ticks, 5u);
  ASSERT_EQ(regions.totals(outer).parents.size(), 1u);
  EXPECT_EQ(regions.totals(outer).parents[0].parent, -1);
}

TEST(ThreadRegions, repeated_visits_add_up) {
  ThreadRegions regions;
  for (std::uint64_t visit = 0; visit < 5; ++visit) {
    regions.start(outer, at(visit * 100, visit * 100, 0));
    regions.stop(outer, at(visit * 100 + 30, visit * 100 + 30, 0));
  }
  EXPECT_EQ(regions.totals(outer).visits, 5u);
  EXPECT_EQ(regions.totals(outer).elapsed_ticks, 150u);
}

TEST(ThreadRegions, recursion_counts_the_outermost_visit_only) {
  ThreadRegions regions;
  regions.start(outer, at(0, 0, 0));
  regions.start(outer, at(10, 10, 0));
  EXPECT_EQ(regions.stop(outer, at(20, 20, 0)), StopResult::stopped);
  EXPECT_TRUE(regions.is_open(outer));
  regions.stop(outer, at(50, 50, 0));
  EXPECT_EQ(regions.totals(outer).visits, 1u);
  EXPECT_EQ(regions.totals(outer).elapsed_ticks, 50u);
}

TEST(ThreadRegions, stop_without_start_is_reported_and_changes_nothing) {
  ThreadRegions regions;
  EXPECT_EQ(regions.stop(inner, at(10, 10, 0)), StopResult::not_started);
  EXPECT_EQ(regions.totals(inner).visits, 0u);
  EXPECT_EQ(regions.stop(-1, at(10, 10, 0)), StopResult::not_started);
}

TEST(ThreadRegions, stopping_an_outer_region_first_is_reported_but_both_are_measured) {
  ThreadRegions regions;
  regions.start(outer, at(0, 0, 0));
  regions.start(inner, at(10, 10, 0));
  EXPECT_EQ(regions.stop(outer, at(40, 40, 0)), StopResult::not_innermost);
  EXPECT_EQ(regions.stop(inner, at(60, 60, 0)), StopResult::stopped);
  EXPECT_EQ(regions.totals(outer).elapsed_ticks, 40u);
  EXPECT_EQ(regions.totals(inner).elapsed_ticks, 50u);
}

TEST(ThreadRegions, regions_left_open_are_closed_at_the_end_and_counted) {
  ThreadRegions regions;
  regions.start(outer, at(0, 0, 0));
  regions.start(inner, at(10, 10, 0));
  EXPECT_EQ(regions.stop_all(at(30, 30, 0)), 2);
  EXPECT_FALSE(regions.is_open(outer));
  EXPECT_EQ(regions.totals(outer).elapsed_ticks, 30u);
  EXPECT_EQ(regions.totals(inner).elapsed_ticks, 20u);
}

TEST(ThreadRegions, peek_counts_open_regions_up_to_now_outermost_first_and_changes_nothing) {
  ThreadRegions regions;
  regions.start(outer, at(100, 100, 0));
  regions.start(inner, at(130, 120, 10));
  regions.stop(inner, at(170, 140, 30)); // inner's first visit: 40 elapsed, 20 useful, 20 MPI
  regions.start(inner, at(180, 150, 30));
  RegionsSoFar so_far;
  ASSERT_TRUE(regions.peek(at(250, 160, 90), so_far));
  EXPECT_EQ(so_far.open, (std::vector<RegionHandle>{outer, inner}));
  ASSERT_EQ(so_far.regions.size(), 2u);
  // outer, open since 100: one visit of 150 ticks, 60 useful, 90 MPI, under no region.
  const RegionTotals& o = so_far.regions[outer];
  EXPECT_EQ(o.visits, 1u);
  EXPECT_EQ(o.elapsed_ticks, 150u);
  EXPECT_EQ(o.ticks[static_cast<std::size_t>(State::useful)], 60u);
  EXPECT_EQ(o.ticks[static_cast<std::size_t>(State::mpi)], 90u);
  ASSERT_EQ(o.parents.size(), 1u);
  EXPECT_EQ(o.parents[0].parent, -1);
  // inner: the closed visit, and the open one since 180 (70 elapsed, 10 useful, 60 MPI).
  const RegionTotals& i = so_far.regions[inner];
  EXPECT_EQ(i.visits, 2u);
  EXPECT_EQ(i.elapsed_ticks, 110u);
  EXPECT_EQ(i.ticks[static_cast<std::size_t>(State::useful)], 30u);
  EXPECT_EQ(i.ticks[static_cast<std::size_t>(State::mpi)], 80u);
  ASSERT_EQ(i.parents.size(), 1u);
  EXPECT_EQ(i.parents[0].parent, outer);
  EXPECT_EQ(i.parents[0].elapsed_ticks, 110u);
  // The owner's own record is untouched: the regions close as if nobody had looked.
  EXPECT_EQ(regions.totals(inner).visits, 1u);
  EXPECT_EQ(regions.totals(outer).visits, 0u);
  regions.stop(inner, at(260, 160, 100));
  regions.stop(outer, at(270, 170, 100));
  EXPECT_EQ(regions.totals(inner).elapsed_ticks, 120u); // 40 + (260 - 180)
  EXPECT_EQ(regions.totals(outer).elapsed_ticks, 170u); // 270 - 100
}

TEST(ThreadRegions, peek_from_another_thread_never_sees_a_half_made_region) {
  // The owner opens and closes regions 0..63 (growing its array) while a reader peeks; every
  // successful peek sees a prefix of the nesting the owner builds: region k open only inside
  // region k-1. (Under AddressSanitizer this also checks that no peek reads a freed array.)
  constexpr int depth = 64;
  ThreadRegions regions;
  std::atomic<bool> done{false};
  std::thread owner([&] {
    std::uint64_t tick = 0;
    for (int round = 0; round < 200; ++round) {
      for (RegionHandle r = 0; r < depth; ++r, ++tick)
        regions.start(r, at(tick, tick, 0));
      for (RegionHandle r = depth - 1; r >= 0; --r, ++tick)
        regions.stop(r, at(tick, tick, 0));
    }
    done = true;
  });
  RegionsSoFar so_far;
  while (!done) {
    if (!regions.peek(at(1'000'000, 1'000'000, 0), so_far)) continue;
    for (std::size_t k = 0; k < so_far.open.size(); ++k)
      ASSERT_EQ(so_far.open[k], static_cast<RegionHandle>(k));
  }
  owner.join();
}

} // namespace
} // namespace tally::profiler
