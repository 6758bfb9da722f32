// The per-thread state machine: the current state, when it began, and the running totals.
// switch_to() is the hot path: one clock read, one counter read when counters are on, no
// allocation, lock or system call (with the TSC and rdpmc).
#pragma once

#include "core/clock.hpp"
#include "core/state.hpp"
#include "core/thread_regions.hpp"
#include "counters/perf_counters.hpp"

#include <memory>
#include <vector>

namespace tally::profiler {

class ThreadState {
public:
  /// Starts the thread in the useful state at the current time.
  explicit ThreadState(bool with_counters);

  /// Closes the running segment and enters `next`. Async-signal-safe.
  void switch_to(State next) noexcept {
    const std::uint64_t now = clock_ticks();
    close_segment(now, next);
    current_ = next;
  }

  /// The running totals up to now, the running segment included. Used by region start/stop.
  Totals snapshot() noexcept {
    const std::uint64_t now = clock_ticks();
    close_segment(now, current_);
    return totals_;
  }

  /// At thread exit: folds the counters up to now into the totals and closes them, so that
  /// programs with many short-lived threads do not run out of file descriptors.
  void retire() noexcept {
    snapshot();
    counters_.reset();
  }

  State current() const { return current_; }
  /// Totals as of the last transition, for the end-of-run summary (threads are quiet then).
  const Totals& totals() const { return totals_; }
  bool counting() const { return counters_ && counters_->is_open(); }

  /// The thread's regions (region_stack.hpp); owned here so one thread_local reaches both.
  ThreadRegions& regions() { return regions_; }

private:
  void close_segment(std::uint64_t now, State next) noexcept {
    totals_.ticks[static_cast<std::size_t>(current_)] += now - totals_.now;
    totals_.now = now;
    if (!counting()) return;
    // Counters belong to the useful state: read when it ends, and when it begins again.
    if (current_ == State::useful) {
      const counters::CounterSample sample = counters_->read();
      totals_.useful_instructions += sample.instructions - useful_base_.instructions;
      totals_.useful_cycles += sample.cycles - useful_base_.cycles;
      useful_base_ = sample;
    } else if (next == State::useful) {
      useful_base_ = counters_->read();
    }
  }

  State current_ = State::useful;
  Totals totals_{};
  std::unique_ptr<counters::ThreadCounters> counters_;
  counters::CounterSample useful_base_{};
  ThreadRegions regions_;
};

/// The calling thread's state, created on first use (the only allocation, once per thread).
ThreadState& this_thread() noexcept;

/// Every thread state created so far, in creation order; for the end-of-run summary.
std::vector<ThreadState*> all_threads();

/// Whether new threads open hardware counters (decided once at start).
void set_thread_counters(bool enabled);

} // namespace tally::profiler
