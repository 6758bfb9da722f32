// SPDX-License-Identifier: BSD-3-Clause
// The per-thread state machine: the current state, when it began, and the running totals.
// switch_to() is the hot path: one clock read, one counter read when counters are on, no
// allocation, lock or system call (with the TSC and rdpmc). Other threads may read the totals
// (peek) through a sequence lock: the owner never waits, a reader retries.
#pragma once

#include "core/clock.hpp"
#include "core/state.hpp"
#include "core/thread_counters.hpp"
#include "core/thread_regions.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string_view>
#include <vector>

namespace tally::profiler {

class ThreadState {
public:
  /// Starts the thread in the useful state at the current time, without counters.
  ThreadState() noexcept : totals_{.now = clock_ticks()} {}

  /// Gives the thread its hardware counters; the useful state counts from now. On the thread,
  /// before its state is shared (Backend::on_thread_start).
  void attach_counters(std::unique_ptr<ThreadCounterReader> counters) noexcept {
    counters_ = std::move(counters);
    if (counters_) useful_base_ = counters_->read();
  }

  /// Closes the running segment and enters `next`. Async-signal-safe.
  void switch_to(State next) noexcept { close_segment(clock_ticks(), next); }

  /// Closes the running segment at `at` (a past tick, not before the segment's start) and
  /// enters `next` from there: splits a segment whose classification is known only later
  /// (the OpenMP backend's idle workers). Never called while in the useful state.
  void switch_at(State next, std::uint64_t at) noexcept { close_segment(std::max(at, totals_.now), next); }

  /// Adds `amount` to the running count `slot` (model::count_slot). Hot path: one relaxed store
  /// that peek() may read from another thread (the first count after a region start also stores
  /// that region's start counts); async-signal-safe.
  void add_count(std::size_t slot, std::uint64_t amount) noexcept {
    if (regions_.start_counts_waiting()) regions_.save_start_counts(totals_.counts);
    std::uint64_t& count = totals_.counts[slot];
    store(count, count + amount);
  }

  /// Names the runtime call the thread enters (a backend's static name, e.g. "MPI_Recv"); set
  /// before the switch to the call's state, so that a reader who sees that segment sees its name
  /// (end_write publishes it). Left in place after the call: it names the running segment only
  /// while that segment is the call's. Hot path: one relaxed store.
  void name_call(const std::string_view* name) noexcept { call_.store(name, std::memory_order_relaxed); }
  /// From another thread: the last call named, nullptr when none was. Read it after peek() and
  /// check with a second peek() that the segment did not change.
  const std::string_view* call_name() const noexcept { return call_.load(std::memory_order_relaxed); }

  /// Before the thread's first transition: its time starts at `since` (earlier than its
  /// creation) in `state`. Used for worker threads created after the run started.
  void backdate(std::uint64_t since, State state) noexcept {
    begin_write();
    std::atomic_ref(totals_.now).store(std::min(since, totals_.now), std::memory_order_relaxed);
    std::atomic_ref(current_).store(state, std::memory_order_relaxed);
    end_write();
  }

  /// The running totals up to now, the running segment included. Used by region start/stop,
  /// which change no state: the clock is read without waiting (clock_ticks_unordered).
  const Totals& snapshot() noexcept {
    close_segment(clock_ticks_unordered(), current_);
    return totals_;
  }

  /// The segment a thread is in: its state and the tick it began at.
  struct Segment {
    State state = State::useful;
    std::uint64_t since = 0;
  };
  /// From another thread: the totals up to `now`, the running segment counted in the state
  /// the thread is in (a retired thread adds nothing; `running` then begins at `now`).
  /// Lock-free; the counters of a running useful segment are left out.
  Totals peek(std::uint64_t now, Segment* running = nullptr) noexcept;

  /// At thread exit: folds the counters up to now into the totals and closes them, so that
  /// programs with many short-lived threads do not run out of file descriptors.
  void retire() noexcept {
    snapshot();
    counters_.reset();
    retired_.store(true, std::memory_order_release);
  }

  State current() const { return current_; }
  /// Totals as of the last transition, for the end-of-run summary (threads are quiet then).
  const Totals& totals() const { return totals_; }
  bool counting() const { return counters_ != nullptr; }

  /// The thread's regions (thread_regions.hpp); owned here so one thread_local reaches both.
  ThreadRegions& regions() { return regions_; }
  const ThreadRegions& regions() const { return regions_; }

private:
  // The sequence lock of peek(): odd while the owner writes. On x86 these are plain stores.
  void begin_write() noexcept {
    sequence_.store(sequence_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
  }
  void end_write() noexcept {
    sequence_.store(sequence_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  }
  static void store(std::uint64_t& field, std::uint64_t value) noexcept {
    std::atomic_ref(field).store(value, std::memory_order_relaxed);
  }

  void close_segment(std::uint64_t now, State next) noexcept {
    begin_write();
    std::uint64_t& ticks = totals_.ticks[static_cast<std::size_t>(current_)];
    store(ticks, ticks + (now > totals_.now ? now - totals_.now : 0));
    store(totals_.now, std::max(now, totals_.now));
    if (counting()) {
      // Counters belong to the useful state: read when it ends, and when it begins again.
      if (current_ == State::useful) {
        const CounterSample sample = counters_->read();
        store(totals_.useful_instructions,
              totals_.useful_instructions + sample.instructions - useful_base_.instructions);
        store(totals_.useful_cycles, totals_.useful_cycles + sample.cycles - useful_base_.cycles);
        useful_base_ = sample;
      } else if (next == State::useful) {
        useful_base_ = counters_->read();
      }
    }
    std::atomic_ref(current_).store(next, std::memory_order_relaxed);
    end_write();
  }

  State current_ = State::useful;
  Totals totals_{};
  std::unique_ptr<ThreadCounterReader> counters_;
  CounterSample useful_base_{};
  ThreadRegions regions_;
  std::atomic<std::uint32_t> sequence_{0};
  std::atomic<bool> retired_{false};
  std::atomic<const std::string_view*> call_{nullptr};
};

/// The calling thread's state, created on first use (the only allocation, once per thread).
ThreadState& this_thread() noexcept;

/// Every thread state created so far, in creation order; for the end-of-run summary.
std::vector<ThreadState*> all_threads();

/// Calls `visit(state, context)` on every thread state created so far, in creation order, under
/// the registry's lock (a thread being created waits): without the copy of all_threads(), for the
/// runtime queries that must not allocate. `visit` must not create a thread state.
void visit_threads(void (*visit)(ThreadState& state, void* context), void* context);

} // namespace tally::profiler
