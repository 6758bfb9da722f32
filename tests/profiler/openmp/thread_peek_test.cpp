// SPDX-License-Identifier: BSD-3-Clause
// The thread-state primitives of the OpenMP backend: closing a segment in the past, counting a
// worker from before its creation, and reading another thread's totals while it runs.
#include "core/thread_state.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace tally::profiler {
namespace {

std::uint64_t ticks(const Totals& totals, State state) { return totals.ticks[static_cast<std::size_t>(state)]; }

TEST(ThreadState, switch_at_splits_a_segment_whose_meaning_is_known_later) {
  ThreadState thread;
  thread.backdate(1000, State::omp_load_imbalance);
  thread.switch_at(State::mpi, 1300);
  thread.switch_at(State::omp_serialization, 1500);
  const Totals totals = thread.totals();
  EXPECT_EQ(ticks(totals, State::omp_load_imbalance), 300u);
  EXPECT_EQ(ticks(totals, State::mpi), 200u);
  EXPECT_EQ(totals.now, 1500u);
  EXPECT_EQ(thread.current(), State::omp_serialization);
  thread.switch_at(State::useful, 10); // never before the running segment's start
  EXPECT_EQ(thread.totals().now, 1500u);
}

TEST(ThreadState, peek_adds_the_running_segment_in_the_current_state) {
  ThreadState thread;
  thread.backdate(1000, State::omp_serialization);
  ThreadState::Segment running;
  const Totals seen = thread.peek(1000 + 250, &running);
  EXPECT_EQ(ticks(seen, State::omp_serialization), 250u);
  EXPECT_EQ(running.state, State::omp_serialization);
  EXPECT_EQ(running.since, 1000u);
  EXPECT_EQ(seen.now, 1250u);
}

TEST(ThreadState, peek_from_another_thread_sees_consistent_totals_while_the_owner_switches) {
  ThreadState* state = nullptr;
  std::atomic<bool> ready{false}, stop{false};
  std::thread owner([&] {
    ThreadState& mine = this_thread();
    state = &mine;
    ready.store(true);
    while (!stop.load(std::memory_order_relaxed)) {
      mine.switch_to(State::omp_load_imbalance);
      mine.switch_to(State::useful);
    }
  });
  while (!ready.load()) {
  }
  // Every tick since the thread began is in exactly one state: now - sum is the thread's start,
  // the same in every read unless a read was torn.
  std::uint64_t start = 0;
  int torn = 0;
  for (int i = 0; i < 10000; ++i) {
    const Totals seen = state->peek(clock_ticks());
    std::uint64_t sum = 0;
    for (const std::uint64_t t : seen.ticks)
      sum += t;
    if (i == 0) start = seen.now - sum;
    torn += seen.now - sum != start ? 1 : 0;
  }
  EXPECT_EQ(torn, 0);
  stop.store(true);
  owner.join();
}

} // namespace
} // namespace tally::profiler
