// SPDX-License-Identifier: BSD-3-Clause
// The device side of regions: each region's windows of host time, settled against the device
// timeline as activity arrives, into per-device K_j and D_j summed over the region's visits.
#pragma once

#include "core/device_timeline.hpp"
#include "core/thread_regions.hpp"

#include <cstdint>
#include <mutex>
#include <vector>

namespace tally::profiler {

/// Device activity reaches the profiler late (CUPTI delivers a record when its buffer is full
/// or flushed), so a region cannot add its device time at stop as it adds host time. Instead
/// its windows wait here until the owner settles them up to a point in time before which
/// every record has arrived. Settled windows are kept as sums only, and the timeline forgets
/// what lies before that point: memory is bounded by the activity and the windows between two
/// settles, not by the length of the run. Every member is thread-safe (one mutex).
class DeviceRegions {
public:
  /// A visit of `region` begins. Visits that overlap (recursion, several threads) only deepen
  /// it: the region's window is the union of its visits, so device time counts once.
  void start(RegionHandle region, std::uint64_t now_ns);
  /// A visit ends; the window closes when the last overlapping visit ends. False when the
  /// region was not open (the caller warns).
  bool stop(RegionHandle region, std::uint64_t now_ns);
  /// Closes every open window at `now_ns` (the end of the run); returns how many were open.
  int close_all(std::uint64_t now_ns);

  /// Adds to each region the device time of its windows (open or closed) up to `safe_ns`,
  /// then lets the timeline forget everything before `safe_ns`. Call it only with a `safe_ns`
  /// before which all activity has been delivered (README.md, "Settling"); an open window is
  /// settled up to `safe_ns`, so settle beyond the present only once every region is closed.
  void settle(DeviceTimeline& timeline, std::uint64_t safe_ns);

  /// What the settled visits of `region` add up to, by ascending device ordinal: every device
  /// the timeline knew when one of the region's windows was settled, an idle one with zeros.
  std::vector<DeviceTotals> totals(RegionHandle region) const;
  /// Closed windows still waiting to be settled, over all regions: when it grows large (a
  /// region visited very often between flushes), the owner flushes and settles.
  std::size_t pending_windows() const;

private:
  struct Window {
    std::uint64_t begin_ns = 0; ///< settled up to here
    std::uint64_t end_ns = 0;
  };
  struct Region {
    int depth = 0;
    std::uint64_t open_from_ns = 0; ///< the open window, settled up to here (when depth > 0)
    std::vector<Window> closed;     ///< closed windows not yet fully settled, in time order
    std::vector<DeviceTotals> totals;
  };
  Region& region(RegionHandle id);
  static void add(Region& region, const std::vector<DeviceTotals>& part);

  mutable std::mutex mutex_;
  std::vector<Region> regions_; // indexed by RegionHandle
};

} // namespace tally::profiler
