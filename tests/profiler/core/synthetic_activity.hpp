// SPDX-License-Identifier: BSD-3-Clause
// Builders of synthetic device activity for the CUDA backend's tests: what CUPTI's buffers
// would deliver, written in milliseconds of host time.
#pragma once

#include "core/device_activity.hpp"

#include <cstdint>
#include <vector>

namespace tally::profiler::testing {

inline constexpr std::uint64_t ms = 1'000'000; // ns

inline DeviceActivity kernel(std::uint32_t stream, std::uint64_t from_ms, std::uint64_t to_ms,
                             std::uint32_t device = 0) {
  return {
      .device = device, .kind = ActivityKind::kernel, .stream = stream, .begin_ns = from_ms * ms, .end_ns = to_ms * ms};
}

inline DeviceActivity copy(std::uint32_t stream, std::uint64_t from_ms, std::uint64_t to_ms, std::uint32_t device = 0) {
  return {
      .device = device, .kind = ActivityKind::memcpy, .stream = stream, .begin_ns = from_ms * ms, .end_ns = to_ms * ms};
}

inline DeviceActivity memset(std::uint32_t stream, std::uint64_t from_ms, std::uint64_t to_ms,
                             std::uint32_t device = 0) {
  return {
      .device = device, .kind = ActivityKind::memset, .stream = stream, .begin_ns = from_ms * ms, .end_ns = to_ms * ms};
}

/// `count` copies of `each_ms` back to back from `from_ms` on one stream, as PILS's loop of
/// alternating host-to-device and device-to-host copies delivers them.
inline std::vector<DeviceActivity> copies(std::uint32_t stream, std::uint64_t from_ms, int count, std::uint64_t each_ms,
                                          std::uint32_t device = 0) {
  std::vector<DeviceActivity> out;
  for (int i = 0; i < count; ++i) {
    const std::uint64_t begin = from_ms + static_cast<std::uint64_t>(i) * each_ms;
    out.push_back(copy(stream, begin, begin + each_ms, device));
  }
  return out;
}

} // namespace tally::profiler::testing
