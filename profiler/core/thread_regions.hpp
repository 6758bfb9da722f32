// SPDX-License-Identifier: BSD-3-Clause
// The regions of one thread: for each region handle, the totals at its start, the region it
// started inside, and what its visits have accumulated. Start and stop cost one snapshot and one
// subtraction, whatever the number of open regions. A region's start counts are stored only once
// a count moves: most visits move none, and then stop has no counts to subtract. Another thread
// (the hang watchdog) may read them lock-free (peek): the owner never waits and never frees what a
// reader may be walking.
#pragma once

#include "core/state.hpp"

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace tally::profiler {

using RegionHandle = int;

/// The time a region's visits spent inside one parent region (-1: none was open on the thread).
struct ParentTicks {
  RegionHandle parent = -1;
  std::uint64_t elapsed_ticks = 0;
};

/// What the visits of one region on one thread add up to, in clock ticks.
struct RegionTotals {
  std::uint64_t visits = 0;
  std::uint64_t elapsed_ticks = 0;
  std::array<std::uint64_t, state_count> ticks{};
  std::uint64_t useful_instructions = 0;
  std::uint64_t useful_cycles = 0;
  model::Counts counts{};
  /// One entry per parent it started under; almost always one, so a short list beats a map.
  std::vector<ParentTicks> parents;
};

enum class StopResult { stopped, not_started, not_innermost };

/// Another thread's view of a thread's regions (ThreadRegions::peek).
struct RegionsSoFar {
  /// Indexed by handle: each region's visits, open ones counted up to the reader's `now` as one
  /// visit more. `parents` holds one entry: the region its latest visit started under, with all
  /// of its elapsed time (the reader cannot walk the owner's list of parents).
  std::vector<RegionTotals> regions;
  std::vector<RegionHandle> open; ///< the open regions, outermost first
};

class ThreadRegions {
public:
  /// Opens a region with the thread's current totals. A region already open (recursion)
  /// only deepens: its outermost visit is what counts. Its start counts wait for
  /// save_start_counts(), so `now.counts` must be the counts the thread keeps moving.
  void start(RegionHandle region, const Totals& now);
  /// Stores `counts` as the start counts of the regions opened since the last call. The owner
  /// calls it before any of its counts moves, and before a start or stop whose counts are not its
  /// own running counts (they include other threads'). O(regions opened since). Async-signal-safe:
  /// called from a handler that interrupted a change of the regions, it does nothing.
  void save_start_counts(const model::Counts& counts) noexcept;
  /// Whether a region's start counts wait for save_start_counts(): one load, for the hot path.
  bool start_counts_waiting() const noexcept { return waiting_starts_ != 0; }
  /// Closes a region and adds the difference since its start; counts whose start is still waiting
  /// did not move. Stopping a region that is not the innermost still stops it; the caller warns.
  StopResult stop(RegionHandle region, const Totals& now);
  /// Closes every open region (at the end of the run); returns how many were open.
  int stop_all(const Totals& now);

  /// Lets `adjust` change the start times (not the counts) of every open region (the OpenMP
  /// backend credits worker threads created while they were open). O(open regions).
  template <class Adjust> void adjust_open_starts(Adjust adjust) {
    begin_change();
    for (const RegionHandle region : open_order_) {
      Totals start = slot(region).at_start;
      adjust(start);
      store_start_times(slot(region), start);
    }
    end_change();
  }

  /// From another thread: the regions up to `now` (the owner's totals, read with
  /// ThreadState::peek). Lock-free and read-only: a sequence count, odd while the owner changes
  /// its regions, tells a torn copy, which is retried. False when the owner kept changing them.
  bool peek(const Totals& now, RegionsSoFar& out) const;
  /// The same for one region: its visits up to `now` in `out` (its parents left empty), an open
  /// visit counted as one more. Never allocates. Returns whether a visit is open; false too when
  /// the owner kept changing its regions (then `out` holds nothing).
  bool peek_region(RegionHandle region, const Totals& now, RegionTotals& out) const;

  bool is_open(RegionHandle region) const;
  /// The regions open on this thread, outermost first.
  std::span<const RegionHandle> open_regions() const { return open_order_; }
  /// Accumulated totals of a region on this thread (zero when never visited).
  RegionTotals totals(RegionHandle region) const;

private:
  struct Slot {
    int depth = 0;
    int counts_waiting = 0;   ///< 1 while at_start.counts is not stored: no count moved since the start
    RegionHandle parent = -1; ///< the innermost region open when the outermost visit started
    Totals at_start{};
    RegionTotals accumulated{};
  };
  Slot& slot(RegionHandle region);
  void close(Slot& slot, const Totals& now);
  void grow(std::size_t count);
  static void store_start_times(Slot& slot, const Totals& start) noexcept;
  /// Calls `read(slots, count)` on the published slots until no change of the owner overlapped
  /// it; false when the owner kept changing its regions.
  template <class Read> bool read_consistently(Read read) const;
  /// A slot's visits up to `now` into `sum`; true (and its start tick in `open_since`) when open.
  static bool read_slot(const Slot& s, const Totals& now, RegionTotals& sum, std::uint64_t& open_since);
  void begin_change() noexcept;
  void end_change() noexcept;

  std::vector<Slot> slots_;              // indexed by handle
  std::vector<RegionHandle> open_order_; // innermost last
  std::size_t waiting_starts_ = 0;       // the last this many of open_order_ wait for their start counts
  // What peek() reads. The fields of a slot that peek reads are written with relaxed atomic
  // stores. A grown array replaces the published one, which is kept (retired), never freed, as a
  // reader may be walking it: growth doubles, so the retired arrays hold less than the live one.
  std::vector<std::vector<Slot>> retired_;
  std::atomic<const Slot*> published_slots_{nullptr};
  std::atomic<std::size_t> published_count_{0};
  std::atomic<std::uint32_t> changes_{0}; // odd while the owner changes its regions
};

} // namespace tally::profiler
