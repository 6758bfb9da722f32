// SPDX-License-Identifier: BSD-3-Clause
// Which HIP runtime calls launch kernels or copy memory, and what a copy's arguments say of its
// direction and size, from rocprofiler-sdk's HIP runtime API callback data. Needs rocprofiler-sdk's
// and HIP's headers only, never a library: tested with arguments built by hand.
#pragma once

#include "core/device_calls.hpp"

#include <rocprofiler-sdk/rocprofiler.h>

namespace tally::profiler::rocm {

/// The HIP runtime call `operation` (a rocprofiler_hip_runtime_api_id_t) with `data`, its
/// arguments: a kernel launch, a memory copy with its direction and bytes, or another call. A copy
/// whose hipMemcpyKind the runtime rejects, or one without arguments, is another call.
DeviceCall describe_hip_call(rocprofiler_tracing_operation_t operation,
                             const rocprofiler_callback_tracing_hip_api_data_t* data) noexcept;

} // namespace tally::profiler::rocm
