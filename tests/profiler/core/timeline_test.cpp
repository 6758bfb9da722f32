// SPDX-License-Identifier: BSD-3-Clause
// The process's timeline over real thread states: whatever the samples in between, the buckets
// add up to what each thread spent in each state since the start, threads born later included,
// and time a thread moves from one state to another after a sample counted it.
#include "core/timeline.hpp"

#include "core/clock.hpp"
#include "core/thread_state.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <numeric>
#include <thread>

namespace tally::profiler {
namespace {

std::uint64_t ticks_in(const Totals& totals, State state) { return totals.ticks[static_cast<std::size_t>(state)]; }

std::uint64_t to_ns(std::uint64_t ticks) {
  return static_cast<std::uint64_t>(std::llround(static_cast<double>(ticks) * nanoseconds_per_tick()));
}

std::uint64_t sum(const std::vector<std::uint64_t>& values) {
  return std::accumulate(values.begin(), values.end(), std::uint64_t{0});
}

TEST(ProcessTimeline, buckets_add_up_to_each_states_time_since_the_start) {
  ThreadState& main = this_thread();
  const std::uint64_t start = clock_ticks();
  // peek(t) counts the running segment up to t, so it reads the totals at t only while t is now.
  const Totals main_at_start = main.peek(start);
  start_timeline(start);
  main.switch_to(State::mpi);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  sample_timeline(clock_ticks());
  main.switch_to(State::useful);
  // A thread born after the start: 10 ms in the offload state, 5 ms of OpenMP scheduling, then
  // an OpenMP wait sampled while it runs (counted as OpenMP), whose second half its end moves to
  // MPI (as the OpenMP backend does for a worker idle while its master is in MPI).
  ThreadState* worker = nullptr;
  std::thread([&] {
    worker = &this_thread();
    worker->switch_to(State::offload);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    worker->switch_to(State::omp_scheduling);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    worker->switch_to(State::omp_load_imbalance);
    const std::uint64_t wait_start = worker->totals().now;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    sample_timeline(clock_ticks());
    const std::uint64_t wait_end = clock_ticks();
    worker->switch_at(State::mpi, wait_start + (wait_end - wait_start) / 2);
    worker->switch_to(State::useful);
  }).join();
  sample_timeline(clock_ticks());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const std::uint64_t end = clock_ticks();
  const model::Timeline timeline = to_model(process_buckets(end));

  // The main thread's time since `start` per state, plus all of the worker's (it did not exist
  // before); the worker retired at its exit, so its totals are fixed.
  const Totals main_at_end = main.peek(end);
  const Totals worker_at_end = worker->peek(end);
  const auto since_start = [&](State state) { return ticks_in(main_at_end, state) - ticks_in(main_at_start, state); };
  const auto worker_total = [&](State state) { return ticks_in(worker_at_end, state); };
  EXPECT_EQ(sum(timeline.useful_ns), to_ns(since_start(State::useful) + worker_total(State::useful)));
  EXPECT_EQ(sum(timeline.mpi_ns), to_ns(since_start(State::mpi) + worker_total(State::mpi)));
  EXPECT_EQ(sum(timeline.offload_ns), to_ns(worker_total(State::offload)));
  EXPECT_EQ(sum(timeline.openmp_ns),
            to_ns(worker_total(State::omp_scheduling) + worker_total(State::omp_load_imbalance)));
  EXPECT_GT(worker_total(State::mpi), 0u);
  EXPECT_GT(worker_total(State::offload), 0u);
  EXPECT_EQ(timeline.bucket_ns, timeline_first_bucket_ns);
  EXPECT_EQ(timeline.useful_ns.size(), timeline.mpi_ns.size());
}

} // namespace
} // namespace tally::profiler
