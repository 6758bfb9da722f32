// SPDX-License-Identifier: BSD-3-Clause
// rocprofiler-sdk's kernel-dispatch and memory-copy records, in tally's own type, and what device
// activity each one is: the part of the HIP backend that needs no rocprofiler-sdk header, so that
// it is tested where the headers are not installed.
#pragma once

#include "core/device_activity.hpp"
#include "rocm/agent_table.hpp"

#include <cstdint>
#include <vector>

namespace tally::profiler::rocm {

enum class AgentOperationKind : std::uint8_t {
  kernel_dispatch, ///< ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH
  memory_copy,     ///< ROCPROFILER_BUFFER_TRACING_MEMORY_COPY
};

/// One operation of a buffer record. Times are rocprofiler's timestamps (ns of the clock of
/// rocprofiler_get_timestamp), the clock the session's windows use.
struct AgentOperation {
  AgentOperationKind kind = AgentOperationKind::kernel_dispatch;
  std::uint64_t agent = 0;        ///< a kernel's agent; a copy's destination agent
  std::uint64_t source_agent = 0; ///< a copy's source agent
  std::uint64_t queue = 0;        ///< a kernel's queue handle; informational, merging is per agent
  std::uint64_t begin_ns = 0;
  std::uint64_t end_ns = 0;
};

/// Appends the activity of `operation` to `out`: a kernel on its GPU; a copy as a memory operation
/// on each GPU it involves (both GPUs of a copy between two, whose copy engines both run; a GPU
/// once when it copies within itself). Returns false when it involves no GPU of `agents` (a kernel
/// on an agent never listed, a copy between host buffers): nothing is appended.
bool append_activity(const AgentOperation& operation, const AgentTable& agents, std::vector<DeviceActivity>& out);

} // namespace tally::profiler::rocm
