// SPDX-License-Identifier: BSD-3-Clause
// The CUDA backend's life in libtally.so: at load it names libtally_cupti.so in
// CUDA_INJECTION64_PATH, so the CUDA driver loads it (and CUPTI) only if the program initialises
// CUDA; when it does, tally_cupti_attach starts the device session; regions open and close
// device windows; at the end the devices of each region join the process summary.
#include "core/backend.hpp"
#include "core/device_run_end.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"
#include "core/warnings.hpp"
#include "cuda/cupti_sink.hpp"
#include "cuda/device_session.hpp"

#include <atomic>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>

namespace tally::profiler::cuda {

extern const Backend backend;

namespace {

constexpr const char* injection_variable = "CUDA_INJECTION64_PATH";

// Set once by attach and never freed: CUPTI's threads may still deliver during exit.
std::atomic<DeviceSession*> session{nullptr};

/// libtally_cupti.so next to this library (both are installed in one folder), or "" if absent.
std::string cupti_library_path() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(&backend), &info) == 0 || !info.dli_fname) return "";
  const std::filesystem::path path = std::filesystem::path(info.dli_fname).parent_path() / cupti_library_name;
  std::error_code error;
  return std::filesystem::exists(path, error) ? path.string() : "";
}

void on_load() {
  if (!process().options.cuda) return;
  const std::string ours = cupti_library_path();
  if (const char* named = std::getenv(injection_variable); named && *named) {
    if (ours.empty() || std::filesystem::path(named).filename() != cupti_library_name) {
      warn_once(Warning::cuda, std::string(injection_variable) + " already names " + named +
                                   " (another CUDA tool); CUDA is not measured");
    }
    return;
  }
  if (ours.empty()) {
    warn_once(Warning::cuda, std::string(cupti_library_name) + " is not next to libtally.so; CUDA is not measured");
    return;
  }
  setenv(injection_variable, ours.c_str(), 1);
}

/// Whether libtally_cupti.so was built against this interface. Reads only the two fields every
/// version has, so a library of another version is refused before anything else of it is read.
bool speaks_our_interface(const TallyCuptiFunctions& functions) {
  const std::uint32_t version = functions.abi_version;
  const std::uint32_t size = functions.struct_size;
  if (version == cupti_abi_version && size == sizeof(TallyCuptiFunctions)) return true;
  warn_once(Warning::cuda, std::string(cupti_library_name) + " speaks interface version " + std::to_string(version) +
                               " (" + std::to_string(size) + " bytes), libtally.so version " +
                               std::to_string(cupti_abi_version) + " (" + std::to_string(sizeof(TallyCuptiFunctions)) +
                               " bytes): the two libraries come from different tally builds; CUDA is not measured");
  return false;
}

int attach(const TallyCuptiFunctions& functions) {
  Process& p = process();
  if (p.phase == Phase::off || p.phase == Phase::done || !p.options.cuda || session.load()) return -1;
  if (!speaks_our_interface(functions)) return -1;
  auto* started = new DeviceSession(functions);
  if (std::string error; !started->start(error)) {
    warn_once(Warning::cuda, "CUPTI could not be started (" + error + "); CUDA is not measured");
    return -1;
  }
  // CUDA starts inside the run (a program initialising CUDA after MPI_Init): the windows of
  // Global and of the regions this thread has open begin now; there was no device activity before.
  if (p.phase == Phase::measuring) {
    started->start_window(p.global);
    for (const RegionHandle region : this_thread().regions().open_regions()) {
      if (region != p.global) started->start_window(region);
    }
  }
  session.store(started, std::memory_order_release);
  activate_backend(backend);
  return 0;
}

// Active once attach started the session, so the session is there.
void on_region_start(RegionHandle region) { session.load(std::memory_order_acquire)->start_window(region); }
void on_region_stop(RegionHandle region) { session.load(std::memory_order_acquire)->stop_window(region); }

void on_region_query(RegionSoFar& region) {
  if (!session.load(std::memory_order_acquire)) return;
  region.measured.offload = true;
  region.measured.device_runtime = model::DeviceRuntime::cuda;
}

void on_run_end(ProcessSummary& summary) {
  if (DeviceSession* devices = session.load(std::memory_order_acquire))
    end_device_run(*devices, summary, model::DeviceRuntime::cuda);
}

} // namespace

/// Listed in core/backend_list.cpp (extern: a const at namespace scope is otherwise this file's).
extern const Backend backend{.name = "cuda",
                             .on_load = on_load,
                             .on_region_start = on_region_start,
                             .on_region_stop = on_region_stop,
                             .on_run_end = on_run_end,
                             .on_region_query = on_region_query};

} // namespace tally::profiler::cuda

extern "C" int tally_cupti_attach(const TallyCuptiFunctions* functions) {
  return functions ? tally::profiler::cuda::attach(*functions) : -1;
}
