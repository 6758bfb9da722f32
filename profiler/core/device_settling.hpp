// SPDX-License-Identifier: BSD-3-Clause
// When a device backend flushes its runtime's records and settles the region windows against the
// device timeline (profiler/cuda/README.md, "Settling"): one policy for CUPTI and rocprofiler-sdk,
// which both hand a record over late, when its buffer fills or is flushed.
#pragma once

#include "core/device_regions.hpp"
#include "core/device_timeline.hpp"
#include "core/process_summary.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace tally::profiler {

/// A device runtime's activity records as the settling needs them: their clock, and a flush.
class DeviceRecordSource {
public:
  /// The clock the records are stamped with, in nanoseconds; the windows are read from it too.
  virtual std::uint64_t now_ns() = 0;
  /// Hands every completed record to the timeline before returning. `last`: the run's final flush.
  virtual void flush(bool last) = 0;

protected:
  ~DeviceRecordSource() = default;
};

/// The region windows of one run's devices and when they are settled: a window is settled only up
/// to the previous flush, before which every record has arrived, unless it outlasted a whole flush
/// period; the piles are looked at every so many stops. Every member is thread-safe.
class DeviceSettling {
public:
  /// `source` outlives the settling.
  explicit DeviceSettling(DeviceRecordSource& source) : source_(source) {}

  /// Where the runtime's records and device identities go.
  DeviceTimeline& timeline() { return timeline_; }

  /// A region visit begins or ends now. A stop may flush and settle, when many windows or much
  /// activity have piled up since the last settle.
  void start_window(RegionHandle region);
  void stop_window(RegionHandle region);

  /// The runtime goes away before the run ends (its exit handler): its records are flushed now, and
  /// it is flushed no more.
  void on_runtime_gone();

  /// The end of the run: closes the windows still open, has the runtime deliver what it holds (if
  /// it is still there) and settles everything. Call once, after the last region stopped.
  void finish();

  /// What each device did during `region`, after finish().
  std::vector<ProcessDevice> devices_of(RegionHandle region) const;
  /// Appends one line per problem of the timeline (activity late or invalid).
  void add_problems(std::vector<std::string>& out) const;

private:
  void flush_and_settle();

  DeviceRecordSource& source_;
  DeviceTimeline timeline_;
  DeviceRegions regions_;
  std::mutex settle_mutex_;         // one flush and settle at a time; guards runtime_gone_'s change
  std::uint64_t last_flush_ns_ = 0; // everything that ended before it has been delivered
  bool runtime_gone_ = false;       // no more flushes
  std::atomic<std::uint64_t> stops_since_check_{0};
};

} // namespace tally::profiler
