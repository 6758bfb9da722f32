// SPDX-License-Identifier: BSD-3-Clause
// A device backend's end of run, one for CUDA and HIP: its session finished, what each device did
// during each visited region joined to the process summary, the runtime named, its problems warned.
#pragma once

#include "core/process_summary.hpp"
#include "core/warnings.hpp"

#include <cstddef>
#include <string>

namespace tally::profiler {

/// `Session` is a device backend's session (cuda::DeviceSession, rocm::AgentSession): finish(),
/// devices_of(region) and problems().
template <typename Session>
void end_device_run(Session& devices, ProcessSummary& summary, model::DeviceRuntime runtime) {
  devices.finish();
  summary.offload_measured = true;
  summary.device_runtime = runtime;
  for (std::size_t region = 0; region < summary.regions.size(); ++region) {
    if (summary.regions[region].visits > 0)
      summary.regions[region].devices = devices.devices_of(static_cast<RegionHandle>(region));
  }
  for (const std::string& problem : devices.problems())
    warn(problem);
}

} // namespace tally::profiler
