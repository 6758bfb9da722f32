// SPDX-License-Identifier: BSD-3-Clause
// The HIP backend's life in libtally.so: rocprofiler-sdk calls the tool when the program starts HIP
// (rocprofiler_tool.cpp), which starts the device session here; regions open and close device
// windows; at the end the GPUs of each region join the process summary.
#include "rocm/rocm_backend.hpp"

#include "core/backend.hpp"
#include "core/device_run_end.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"

#include <atomic>
#include <utility>

namespace tally::profiler::rocm {

extern const Backend backend;

namespace {

// Set once and never freed: rocprofiler's threads may still deliver during exit.
std::atomic<AgentSession*> session{nullptr};

// Active once the session started, so the session is there.
void on_region_start(RegionHandle region) { session.load(std::memory_order_acquire)->start_window(region); }
void on_region_stop(RegionHandle region) { session.load(std::memory_order_acquire)->stop_window(region); }

void on_region_query(RegionSoFar& region) {
  if (!session.load(std::memory_order_acquire)) return;
  region.measured.offload = true;
  region.measured.device_runtime = model::DeviceRuntime::hip;
}

void on_run_end(ProcessSummary& summary) {
  if (AgentSession* devices = session.load(std::memory_order_acquire))
    end_device_run(*devices, summary, model::DeviceRuntime::hip);
}

} // namespace

bool wants_hip() {
  const Process& p = process();
  return p.phase != Phase::off && p.phase != Phase::done && p.options.rocm && !session.load();
}

AgentSession* start_session(AgentTable agents, RuntimeHooks runtime) {
  Process& p = process();
  if (!wants_hip()) return nullptr;
  auto* started = new AgentSession(std::move(agents), runtime);
  if (p.phase == Phase::measuring) {
    started->start_window(p.global);
    for (const RegionHandle region : this_thread().regions().open_regions()) {
      if (region != p.global) started->start_window(region);
    }
  }
  session.store(started, std::memory_order_release);
  activate_backend(backend);
  return started;
}

AgentSession* current_session() { return session.load(std::memory_order_acquire); }

/// Listed in core/backend_list.cpp (extern: a const at namespace scope is otherwise this file's).
extern const Backend backend{.name = "rocm",
                             .on_region_start = on_region_start,
                             .on_region_stop = on_region_stop,
                             .on_run_end = on_run_end,
                             .on_region_query = on_region_query};

} // namespace tally::profiler::rocm
