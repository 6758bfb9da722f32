// SPDX-License-Identifier: BSD-3-Clause
// The OpenACC backend's life in libtally.so: at load, if the process has an OpenACC runtime (GCC's
// libgomp, NVIDIA HPC SDK's), it registers tally's callbacks through the runtime's
// acc_prof_register, the OpenACC Profiling Interface's routine for tools; each event becomes a
// start, end or enqueue of construct_events.hpp; at the end, the run reports OpenACC if a
// construct ran.
#include "core/backend.hpp"
#include "core/process.hpp"
#include "core/region_query.hpp"
#include "openacc/construct_events.hpp"

#include <acc_prof.h>
#include <array>
#include <dlfcn.h>
#include <optional>
#include <utility>

namespace tally::profiler::openacc {
namespace {

/// The construct kind (model::openacc_construct_kinds) of a start event; none for time in the
/// runtime that is no construct (the device's initialisation, an enqueue).
std::optional<std::size_t> construct_of(acc_event_t event) {
  switch (event) {
  case acc_ev_compute_construct_start: return 0;
  case acc_ev_enter_data_start: return 1;
  case acc_ev_exit_data_start: return 2;
  case acc_ev_update_start: return 3;
  case acc_ev_wait_start: return 4;
  default: return std::nullopt;
  }
}

/// The enqueue kind (model::openacc_enqueue_kinds) of a start event, if it is one.
std::optional<std::size_t> enqueue_of(acc_event_t event) {
  switch (event) {
  case acc_ev_enqueue_launch_start: return 0;
  case acc_ev_enqueue_upload_start: return 1;
  case acc_ev_enqueue_download_start: return 2;
  default: return std::nullopt;
  }
}

// Called by the runtime on the thread that runs the construct, for the events registered below.
void on_start_event(acc_prof_info* info, acc_event_info*, acc_api_info*) {
  const acc_event_t event = info->event_type;
  if (const auto kind = enqueue_of(event)) on_enqueue(*kind);
  on_start(construct_of(event), info->device_type == acc_device_host);
}

void on_end_event(acc_prof_info*, acc_event_info*, acc_api_info*) { on_end(); }

/// Start and end events whose time is in the runtime: every construct, the device's
/// initialisation (the first construct's, which can take long on a GPU) and what constructs
/// enqueue. Allocation, deallocation and shutdown events are not registered: they carry no time.
constexpr std::array<std::pair<acc_event_t, acc_event_t>, 9> timed_events{{
    {acc_ev_device_init_start, acc_ev_device_init_end},
    {acc_ev_compute_construct_start, acc_ev_compute_construct_end},
    {acc_ev_enter_data_start, acc_ev_enter_data_end},
    {acc_ev_exit_data_start, acc_ev_exit_data_end},
    {acc_ev_update_start, acc_ev_update_end},
    {acc_ev_wait_start, acc_ev_wait_end},
    {acc_ev_enqueue_launch_start, acc_ev_enqueue_launch_end},
    {acc_ev_enqueue_upload_start, acc_ev_enqueue_upload_end},
    {acc_ev_enqueue_download_start, acc_ev_enqueue_download_end},
}};

/// Registers with the OpenACC runtime the program loaded, if any: looked up, never loaded, so a
/// program without OpenACC gets nothing. libtally.so's constructor runs after those of the
/// program's libraries (the runtime's included), so ACC_PROFLIB, which libgomp reads in its own
/// constructor, would come too late; acc_prof_register may be called at any time.
void on_load() {
  if (!process().options.openacc) return;
  const auto register_callback = reinterpret_cast<acc_prof_reg>(dlsym(RTLD_DEFAULT, "acc_prof_register"));
  if (!register_callback) return;
  for (const auto& [start, end] : timed_events) {
    register_callback(start, on_start_event, acc_reg);
    register_callback(end, on_end_event, acc_reg);
  }
}

void on_region_query(RegionSoFar& region) { region.measured.openacc = region.measured.openacc || constructs_seen(); }

void on_run_end(ProcessSummary& summary) { summary.openacc_measured = constructs_seen(); }

} // namespace

/// Listed in core/backend_list.cpp (extern: a const at namespace scope is otherwise this file's).
extern const Backend backend{
    .name = "openacc", .on_load = on_load, .on_run_end = on_run_end, .on_region_query = on_region_query};

} // namespace tally::profiler::openacc
