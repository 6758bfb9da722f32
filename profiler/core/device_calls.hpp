// SPDX-License-Identifier: BSD-3-Clause
// The counts of one call into a device runtime (CUDA's, HIP's): a runtime call, and a kernel
// launch or a memory copy with its direction and bytes, in the calling thread's running totals.
// One place for every backend that counts such calls, so that they fill the same slots alike.
#pragma once

#include "core/thread_state.hpp"

#include <cstddef>
#include <cstdint>

namespace tally::profiler {

/// What a device runtime call does, as far as the region's counts are concerned.
enum class DeviceCallKind : std::uint8_t { other, kernel_launch, memory_copy };

/// A device runtime call as its arguments state it at entry.
struct DeviceCall {
  DeviceCallKind kind = DeviceCallKind::other;
  std::size_t direction = 0; ///< a copy's index in model::device_copy_directions
  std::uint64_t bytes = 0;   ///< the bytes a copy asks for
  bool operator==(const DeviceCall&) const = default;
};

/// Counts `call` on `thread`, the calling thread: one runtime call, and a launch or a copy with its
/// bytes. A copy whose direction is out of range counts as a runtime call only. Lock- and
/// allocation-free.
void count_device_call(ThreadState& thread, const DeviceCall& call) noexcept;

} // namespace tally::profiler
