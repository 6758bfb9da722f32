// SPDX-License-Identifier: BSD-3-Clause
// The activity record of a device backend: one kernel, memory copy or memset on one device,
// already on the host clock. The CUDA backend converts CUPTI's buffers into these
// (cuda/cupti_activity.cpp) and tests write them by hand; both hand them to
// DeviceTimeline::on_activity_records.
#pragma once

#include <array>
#include <cstdint>

namespace tally::profiler {

enum class ActivityKind : std::uint8_t {
  kernel, ///< CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL
  memcpy, ///< CUPTI_ACTIVITY_KIND_MEMCPY and MEMCPY2 (peer to peer)
  memset, ///< CUPTI_ACTIVITY_KIND_MEMSET
};

/// One device operation. Times are nanoseconds of the host clock that region windows use (the
/// CUPTI library registers that clock with cuptiActivityRegisterTimestampCallback, so CUPTI
/// converts GPU timestamps itself). A record with end_ns <= begin_ns is invalid and ignored.
struct DeviceActivity {
  std::uint32_t device = 0; ///< CUDA device ordinal as this process sees it (CUPTI deviceId)
  ActivityKind kind = ActivityKind::kernel;
  std::uint32_t stream = 0;   ///< CUPTI streamId; informational, merging is per device
  std::uint64_t begin_ns = 0; ///< start of the operation on the device
  std::uint64_t end_ns = 0;   ///< end of the operation on the device
};

/// A device's UUID (CUuuid bytes): what identifies one physical GPU across the processes of a
/// node, whatever CUDA_VISIBLE_DEVICES makes of its ordinal.
using DeviceUuid = std::array<std::uint8_t, 16>;

} // namespace tally::profiler
