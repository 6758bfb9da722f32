// SPDX-License-Identifier: BSD-3-Clause
// The device side of one run in libtally.so: CUPTI's functions, the timeline its records feed,
// the region windows, and when to flush and settle (README.md, "Settling").
#pragma once

#include "core/device_regions.hpp"
#include "core/device_timeline.hpp"
#include "core/process_summary.hpp"
#include "cuda/cupti_sink.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace tally::profiler::cuda {

/// CLOCK_MONOTONIC in nanoseconds: the clock CUPTI stamps records with and windows use.
std::uint64_t monotonic_ns();

class DeviceSession {
public:
  explicit DeviceSession(const TallyCuptiFunctions& cupti) : cupti_(cupti) {}

  /// Starts CUPTI with this session as its sink. False, with CUPTI's reason in `error`, when it
  /// cannot; the session must then stay alive (CUPTI may keep its callbacks registered).
  bool start(std::string& error);

  /// A region visit begins or ends now. Thread-safe. A stop may flush CUPTI and settle, when
  /// many windows or much activity have piled up since the last settle.
  void start_window(RegionHandle region);
  void stop_window(RegionHandle region);

  /// The end of the run: closes the windows still open, has CUPTI deliver everything, settles it
  /// and stops CUPTI. Call once, after the last region stopped.
  void finish();

  /// What each device did during `region`, after finish().
  std::vector<ProcessDevice> devices_of(RegionHandle region) const;
  /// One line per problem of the run (records lost, late or invalid); empty when none.
  std::vector<std::string> problems() const;

private:
  void flush_and_settle();

  TallyCuptiFunctions cupti_;
  DeviceTimeline timeline_;
  DeviceRegions regions_;
  std::mutex settle_mutex_;         // one flush and settle at a time
  std::uint64_t last_flush_ns_ = 0; // everything before it has been delivered
  std::atomic<std::uint64_t> stops_since_check_{0};
};

} // namespace tally::profiler::cuda
