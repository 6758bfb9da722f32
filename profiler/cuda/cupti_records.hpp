// SPDX-License-Identifier: BSD-3-Clause
// CUPTI's activity records to tally's: which kinds count and how their fields map. Needs only
// cupti.h, never libcupti, so the conversion is tested with records built by hand.
#pragma once

#include "core/device_activity.hpp"

#include <cupti.h>

#include <optional>
#include <utility>

namespace tally::profiler::cuda {

/// The kinds the backend enables: the device records first, so UUIDs are known early.
inline constexpr CUpti_ActivityKind cupti_kinds[] = {CUPTI_ACTIVITY_KIND_DEVICE, CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
                                                     CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMCPY2,
                                                     CUPTI_ACTIVITY_KIND_MEMSET};

/// A kernel, copy (host-device or peer) or memset record as a DeviceActivity; nullopt for any
/// other kind.
std::optional<DeviceActivity> to_device_activity(const CUpti_Activity& record);

/// A device record as (ordinal, UUID); nullopt for any other kind.
std::optional<std::pair<std::uint32_t, DeviceUuid>> to_device_identity(const CUpti_Activity& record);

} // namespace tally::profiler::cuda
