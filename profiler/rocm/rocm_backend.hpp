// SPDX-License-Identifier: BSD-3-Clause
// What the rocprofiler-sdk tool (rocprofiler_tool.cpp) asks of the HIP backend in libtally.so:
// whether to measure, and the device session once the tool has its agents and services.
#pragma once

#include "rocm/agent_session.hpp"

namespace tally::profiler::rocm {

/// Whether the tool should start: the process is measured, TALLY_ROCM is on and no session runs.
bool wants_hip();

/// Starts the device session of the run (once; later calls return nullptr) and activates the
/// backend's region hooks. A run already measuring opens the windows of Global and of the regions
/// open on the calling thread now: there was no device activity before.
AgentSession* start_session(AgentTable agents, RuntimeHooks runtime);

/// The session, once started; nullptr before. Any thread.
AgentSession* current_session();

} // namespace tally::profiler::rocm
