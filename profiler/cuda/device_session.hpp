// SPDX-License-Identifier: BSD-3-Clause
// The device side of one run in libtally.so: CUPTI's functions, as the source of the records that
// the region windows are settled against (core/device_settling.hpp, README.md "Settling").
#pragma once

#include "core/device_settling.hpp"
#include "core/process_summary.hpp"
#include "cuda/cupti_sink.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tally::profiler::cuda {

/// CLOCK_MONOTONIC in nanoseconds: the clock CUPTI stamps records with and windows use.
std::uint64_t monotonic_ns();

class DeviceSession final : private DeviceRecordSource {
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
  std::uint64_t now_ns() override { return monotonic_ns(); }
  /// The last flush forces out the buffers of records still in progress.
  void flush(bool last) override { cupti_.flush(last ? 1 : 0); }

  TallyCuptiFunctions cupti_;
  DeviceSettling settling_{*this};
};

} // namespace tally::profiler::cuda
