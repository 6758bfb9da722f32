// SPDX-License-Identifier: BSD-3-Clause
// The process's timeline: samples of the threads' running totals, differenced and put into the
// bucket store. Buckets are placed on CLOCK_MONOTONIC (the tick rate is only known at the end);
// amounts stay in ticks until then. Only one thread at a time calls in: the run's thread before
// the helper thread starts and after it stopped, the helper thread in between (thread creation
// and join order the two).
#include "core/timeline.hpp"

#include "core/clock.hpp"
#include "core/thread_state.hpp"

#include <chrono>

namespace tally::profiler {
namespace {

struct Sampler {
  std::chrono::steady_clock::time_point start;
  std::uint64_t previous_ns = 0; ///< since `start`, of the previous sample
  GroupAmounts previous_ticks{}; ///< the threads' totals per group at the previous sample
  TimelineBuckets buckets;
};

Sampler& sampler() {
  static auto* instance = new Sampler(); // never destroyed: read until the very end of exit
  return *instance;
}

constexpr TimelineGroup group_of(State state) {
  switch (state) {
  case State::useful: return TimelineGroup::useful;
  case State::mpi: return TimelineGroup::mpi;
  case State::offload: return TimelineGroup::offload;
  case State::omp_load_imbalance:
  case State::omp_scheduling:
  case State::omp_serialization: return TimelineGroup::openmp;
  }
  return TimelineGroup::useful;
}

GroupAmounts threads_ticks(std::uint64_t now) {
  GroupAmounts out{};
  for (ThreadState* thread : all_threads()) {
    const Totals totals = thread->peek(now);
    for (std::size_t state = 0; state < state_count; ++state)
      out[static_cast<std::size_t>(group_of(static_cast<State>(state)))] += totals.ticks[state];
  }
  return out;
}

std::uint64_t since_start_ns(const Sampler& s) {
  const auto elapsed = std::chrono::steady_clock::now() - s.start;
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
}

} // namespace

void start_timeline(std::uint64_t now) {
  Sampler& s = sampler();
  s = Sampler{};
  s.start = std::chrono::steady_clock::now();
  s.previous_ticks = threads_ticks(now);
}

void sample_timeline(std::uint64_t now) {
  Sampler& s = sampler();
  const GroupAmounts ticks = threads_ticks(now);
  const std::uint64_t at_ns = since_start_ns(s);
  // A group's total may shrink: peek counts a worker's running OpenMP wait as OpenMP, and the
  // end of the wait moves the part spent while its master was in MPI to MPI. What shrank is
  // taken back from the latest buckets, so that the sums stay the threads' totals.
  GroupAmounts added{};
  GroupAmounts shrunk{};
  for (std::size_t group = 0; group < timeline_group_count; ++group) {
    if (ticks[group] >= s.previous_ticks[group]) {
      added[group] = ticks[group] - s.previous_ticks[group];
    } else {
      shrunk[group] = s.previous_ticks[group] - ticks[group];
    }
  }
  s.buckets.take_back(shrunk);
  s.buckets.add(s.previous_ns, at_ns, added);
  s.previous_ns = at_ns;
  s.previous_ticks = ticks;
}

TimelineBuckets process_buckets(std::uint64_t now) {
  sample_timeline(now);
  return sampler().buckets.in_nanoseconds(nanoseconds_per_tick());
}

model::Timeline process_timeline(std::uint64_t now) { return to_model(process_buckets(now)); }

model::Timeline to_model(const TimelineBuckets& buckets) {
  model::Timeline out;
  out.bucket_ns = buckets.bucket_ns();
  for (std::size_t bucket = 0; bucket < buckets.size(); ++bucket) {
    out.useful_ns.push_back(buckets[bucket][static_cast<std::size_t>(TimelineGroup::useful)]);
    out.mpi_ns.push_back(buckets[bucket][static_cast<std::size_t>(TimelineGroup::mpi)]);
    out.offload_ns.push_back(buckets[bucket][static_cast<std::size_t>(TimelineGroup::offload)]);
    out.openmp_ns.push_back(buckets[bucket][static_cast<std::size_t>(TimelineGroup::openmp)]);
  }
  return out;
}

} // namespace tally::profiler
