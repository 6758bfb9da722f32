// SPDX-License-Identifier: BSD-3-Clause
// The regions of one thread: for each region handle, the totals at its start, the region it
// started inside, and what its visits have accumulated. Start and stop cost one snapshot and one
// subtraction, whatever the number of open regions.
#pragma once

#include "core/state.hpp"

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

class ThreadRegions {
public:
  /// Opens a region with the thread's current totals. A region already open (recursion)
  /// only deepens: its outermost visit is what counts.
  void start(RegionHandle region, const Totals& now);
  /// Closes a region and adds the difference since its start. Stopping a region that is not
  /// the innermost still stops it; the caller warns.
  StopResult stop(RegionHandle region, const Totals& now);
  /// Closes every open region (at the end of the run); returns how many were open.
  int stop_all(const Totals& now);

  /// Lets `adjust` change the start totals of every open region (the OpenMP backend credits
  /// worker threads created while they were open). O(open regions).
  template <class Adjust> void adjust_open_starts(Adjust adjust) {
    for (const RegionHandle region : open_order_)
      adjust(slot(region).at_start);
  }

  bool is_open(RegionHandle region) const;
  /// The regions open on this thread, outermost first.
  std::span<const RegionHandle> open_regions() const { return open_order_; }
  /// Accumulated totals of a region on this thread (zero when never visited).
  RegionTotals totals(RegionHandle region) const;

private:
  struct Slot {
    int depth = 0;
    RegionHandle parent = -1; ///< the innermost region open when the outermost visit started
    Totals at_start{};
    RegionTotals accumulated{};
  };
  Slot& slot(RegionHandle region);
  void close(Slot& slot, const Totals& now);

  std::vector<Slot> slots_;              // indexed by handle
  std::vector<RegionHandle> open_order_; // innermost last
};

} // namespace tally::profiler
