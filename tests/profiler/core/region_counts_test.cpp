// SPDX-License-Identifier: BSD-3-Clause
// A thread's counts reach the regions open on it through the region calls (start_region,
// stop_region): a region's start counts are stored only when a count moves, so these check the
// visits in which counts move before, after and between starts and stops, the lock-free reading
// of open regions, and a backend that adds other threads' counts to a region's totals.
#include "core/backend.hpp"
#include "core/thread_state.hpp"

#include <gtest/gtest.h>

#include <array>

namespace tally::profiler {
namespace {

constexpr RegionHandle outer = 0;
constexpr RegionHandle inner = 1;
constexpr std::size_t calls = model::count_slot::mpi_calls;
constexpr std::size_t bytes_sent = model::count_slot::mpi_bytes_sent;
constexpr std::size_t tasks = model::count_slot::omp_tasks;

std::uint64_t count_of(const ThreadState& thread, RegionHandle region, std::size_t slot) {
  return thread.regions().totals(region).counts[slot];
}

TEST(RegionCounts, a_visit_counts_what_the_thread_counted_inside_it_and_nothing_before) {
  ThreadState thread;
  thread.add_count(calls, 7); // before any region: nobody's
  start_region(thread, outer);
  thread.add_count(calls, 2);
  start_region(thread, inner);
  thread.add_count(calls, 3);
  thread.add_count(bytes_sent, 64);
  stop_region(thread, inner);
  stop_region(thread, outer);
  EXPECT_EQ(count_of(thread, outer, calls), 5u); // 2 + 3
  EXPECT_EQ(count_of(thread, outer, bytes_sent), 64u);
  EXPECT_EQ(count_of(thread, inner, calls), 3u);
  EXPECT_EQ(count_of(thread, inner, bytes_sent), 64u);
}

TEST(RegionCounts, a_visit_without_counts_adds_none_and_the_next_visit_counts_from_its_own_start) {
  ThreadState thread;
  start_region(thread, outer);
  stop_region(thread, outer);
  EXPECT_EQ(thread.regions().totals(outer).visits, 1u);
  EXPECT_EQ(count_of(thread, outer, calls), 0u);
  thread.add_count(calls, 4); // between the visits
  start_region(thread, outer);
  thread.add_count(calls, 2);
  stop_region(thread, outer);
  EXPECT_EQ(thread.regions().totals(outer).visits, 2u);
  EXPECT_EQ(count_of(thread, outer, calls), 2u);
}

TEST(RegionCounts, regions_opened_together_share_the_start_counts_of_the_next_count) {
  // Both open before the first count: one count later stores both starts.
  ThreadState thread;
  thread.add_count(calls, 10);
  start_region(thread, outer);
  start_region(thread, inner);
  thread.add_count(calls, 1);
  stop_region(thread, inner);
  constexpr RegionHandle sibling = 2; // opened and closed inside outer without a count
  start_region(thread, sibling);
  stop_region(thread, sibling);
  thread.add_count(calls, 5);
  stop_region(thread, outer);
  EXPECT_EQ(count_of(thread, inner, calls), 1u);
  EXPECT_EQ(count_of(thread, sibling, calls), 0u);
  EXPECT_EQ(count_of(thread, outer, calls), 6u); // 1 + 5
}

TEST(RegionCounts, an_outer_region_stopped_before_its_inner_one_keeps_each_its_own_counts) {
  ThreadState thread;
  start_region(thread, outer);
  start_region(thread, inner);
  EXPECT_EQ(stop_region(thread, outer), StopResult::not_innermost); // no count in its visit
  thread.add_count(calls, 2);
  stop_region(thread, inner);
  EXPECT_EQ(count_of(thread, outer, calls), 0u);
  EXPECT_EQ(count_of(thread, inner, calls), 2u);

  start_region(thread, outer);
  thread.add_count(calls, 1);
  start_region(thread, inner);
  stop_region(thread, outer); // 1 in this visit
  thread.add_count(calls, 3);
  stop_region(thread, inner); // 3 in this visit
  EXPECT_EQ(count_of(thread, outer, calls), 1u);
  EXPECT_EQ(count_of(thread, inner, calls), 5u); // 2 + 3
}

TEST(RegionCounts, another_thread_reads_the_counts_of_open_regions_whether_their_start_counts_waited_or_not) {
  ThreadState thread;
  start_region(thread, outer);
  thread.add_count(calls, 2);
  start_region(thread, inner); // its start counts wait: none moved since
  RegionsSoFar so_far;
  ASSERT_TRUE(thread.regions().peek(thread.peek(clock_ticks()), so_far));
  EXPECT_EQ(so_far.regions[outer].counts[calls], 2u);
  EXPECT_EQ(so_far.regions[inner].counts[calls], 0u);
  thread.add_count(calls, 3);
  ASSERT_TRUE(thread.regions().peek(thread.peek(clock_ticks()), so_far));
  EXPECT_EQ(so_far.regions[outer].counts[calls], 5u);
  EXPECT_EQ(so_far.regions[inner].counts[calls], 3u);
  EXPECT_EQ(thread.regions().totals(outer).visits, 0u); // reading changed nothing
}

TEST(RegionCounts, a_count_while_the_regions_change_leaves_them_alone) {
  // As a signal handler that counts (MPI_Abort) would, interrupting the thread inside a change of
  // its regions (here the change adjust_open_starts makes): the waiting start is not touched, and
  // the visit misses that count but keeps the ones after.
  ThreadState thread;
  start_region(thread, outer);
  thread.regions().adjust_open_starts([&](Totals&) { thread.add_count(calls, 100); });
  EXPECT_TRUE(thread.regions().start_counts_waiting());
  thread.add_count(calls, 2);
  stop_region(thread, outer);
  EXPECT_EQ(count_of(thread, outer, calls), 2u);
}

// A backend that adds what "other threads" counted, as the OpenMP backend adds its workers'.
std::uint64_t others_tasks = 0;
void add_others(Totals& totals) { totals.counts[tasks] += others_tasks; }
extern const Backend others{.name = "others", .on_region_snapshot = add_others};
constexpr std::array with_others{&others};

class RegionCountsWithOtherThreads : public ::testing::Test {
protected:
  void SetUp() override {
    others_tasks = 0;
    install_backends(with_others);
  }
  void TearDown() override { deactivate_backends(); }
};

TEST_F(RegionCountsWithOtherThreads, a_region_counts_the_other_threads_counts_though_its_own_thread_counted_none) {
  ThreadState thread;
  activate_backend(others);
  others_tasks = 3;
  start_region(thread, outer);
  others_tasks = 10;
  stop_region(thread, outer);
  EXPECT_EQ(count_of(thread, outer, tasks), 7u);
}

TEST_F(RegionCountsWithOtherThreads, a_region_opened_before_the_backend_listened_counts_the_other_threads_after) {
  // outer's start counts still wait (no count of its thread moved) when the backend starts
  // adding: its stop must not take the other threads' tasks for counts that never moved.
  ThreadState thread;
  start_region(thread, outer);
  activate_backend(others);
  others_tasks = 4;
  stop_region(thread, outer);
  EXPECT_EQ(count_of(thread, outer, tasks), 4u);
}

} // namespace
} // namespace tally::profiler
