// SPDX-License-Identifier: BSD-3-Clause
// MPI drives the run of an MPI program: Global spans MPI_Init to MPI_Finalize, and the
// document is written by rank 0 after the reduction in MPI_Finalize.
#include "mpi/mpi_lifecycle.hpp"

#include "core/backend.hpp"
#include "core/clock.hpp"
#include "core/helper_thread.hpp"
#include "core/host_probe.hpp"
#include "core/process.hpp"
#include "core/run_output.hpp"
#include "core/thread_state.hpp"
#include "core/warnings.hpp"
#include "mpi/loaded_mpi.hpp"
#include "mpi/mpi_entry.hpp"
#include "mpi/mpi_state.hpp"
#include "mpi/node_map.hpp"
#include "mpi/query_across_ranks.hpp"
#include "mpi/reduction.hpp"

#include "mpi/pmpi_weak.hpp"

#include <chrono>
#include <cstdio>
#include <dlfcn.h>

namespace tally::profiler::mpi {
namespace {

bool initialized = false;

void on_load() {
  // A program linked with MPI starts its run at MPI_Init; one without is measured from load. Asked of
  // the dynamic loader rather than by the weak symbol's address, which would bind every call of
  // PMPI_Init now, to nothing in a program that opens MPI later (Python with mpi4py).
  if (dlsym(RTLD_DEFAULT, "PMPI_Init") != nullptr) process().phase = Phase::waiting;
}

/// With the hang watchdog on (a hang timeout, or a job end to write before), the ranks agree at the start on what a
/// hung rank's document needs and can no longer ask (the watchdog never calls MPI): the node count, and rank 0's start
/// time, which names the run's document alike on every rank.
void agree_on_run_start(Process& p) {
  NodeMap nodes = map_nodes(p.options.ranks_per_node);
  p.place.nodes = nodes.node_count;
  free_node_map(nodes);
  char start_time[64] = {};
  if (p.place.rank == 0) utc_now_iso8601().copy(start_time, sizeof start_time - 1);
  PMPI_Bcast(start_time, sizeof start_time, MPI_CHAR, 0, MPI_COMM_WORLD);
  p.start_time = start_time;
}

} // namespace

void on_initialized() {
  if (!loaded_mpi_is_measurable()) return;
  initialized = true;
  int rank = 0;
  int size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  release_warnings(rank == 0);
  Process& p = process();
  // Only before the run starts: the helper thread, started with the run, reads the place. A
  // program that loads MPI late was measured from its start, as a run of one.
  if (p.phase != Phase::waiting) return;
  p.place = {true, static_cast<std::uint64_t>(rank), static_cast<std::uint64_t>(size), 1};
  // Sensors a host shares (the energy counters) are read by its lowest rank alone.
  const HostPlace host = place_on_host(p.options.ranks_per_node);
  p.place.host_reader = host.lowest_rank;
  p.place.nodes_on_host = host.nodes_on_host;
  if (p.options.hang_timeout.count() > 0 || p.options.job_end_time_s) agree_on_run_start(p);
  start_run();
}

namespace {

double milliseconds(std::chrono::steady_clock::duration span) {
  return std::chrono::duration<double, std::milli>(span).count();
}

/// What the end of run cost rank 0, said with the summary (TALLY_SUMMARY): the reduction's and the
/// document's wall time and the rise of the peak resident memory (VmHWM) through both, which is
/// what the end of run added when the program's own peak came earlier.
void say_end_of_run_cost(std::uint64_t ranks, std::chrono::steady_clock::duration reduction,
                         std::chrono::steady_clock::duration document, std::uint64_t peak_added_kib) {
  char text[160];
  std::snprintf(text, sizeof text,
                "end of run on rank 0 of %llu ranks: reduction %.1f ms, document %.1f ms; peak memory +%llu KiB",
                static_cast<unsigned long long>(ranks), milliseconds(reduction), milliseconds(document),
                static_cast<unsigned long long>(peak_added_kib));
  warn(text);
}

} // namespace

void on_finalize() {
  if (process().phase != Phase::measuring) return;
  const ProcessSummary summary = finish_run();
  const std::uint64_t peak_before_kib = peak_resident_kib();
  const auto start = std::chrono::steady_clock::now();
  std::optional<RunAggregates> aggregates = reduce_across_ranks(summary, process().options);
  const auto reduced = std::chrono::steady_clock::now();
  if (!aggregates) return;
  publish_run(std::move(*aggregates));
  if (!process().options.summary) return;
  const std::uint64_t peak_after_kib = peak_resident_kib();
  say_end_of_run_cost(process().place.ranks, reduced - start, std::chrono::steady_clock::now() - reduced,
                      peak_after_kib > peak_before_kib ? peak_after_kib - peak_before_kib : 0);
}

void on_abort() {
  stop_helper_thread();
  process().phase = Phase::done;
}

namespace {

void on_run_end(ProcessSummary& summary) { summary.mpi_measured = initialized; }

void on_exit() {
  Process& p = process();
  if (p.phase == Phase::measuring && initialized) {
    // Other ranks may be gone: a reduction now could hang, so the run is given up.
    warn_once(Warning::mpi_not_finalized,
              "the program called MPI_Init but exited without MPI_Finalize; no run document written");
    p.phase = Phase::done;
  }
}

} // namespace

/// Listed in core/backend_list.cpp (extern: a const at namespace scope is otherwise this file's).
extern const Backend backend{.name = "mpi",
                             .on_load = on_load,
                             .on_run_end = on_run_end,
                             .on_exit = on_exit,
                             .query_across_ranks = query_across_ranks};

} // namespace tally::profiler::mpi

extern "C" int MPI_Init(int* argc, char*** argv) {
  const int result = PMPI_Init(argc, argv);
  tally::profiler::mpi::on_initialized();
  return result;
}

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  const int result = PMPI_Init_thread(argc, argv, required, provided);
  tally::profiler::mpi::on_initialized();
  return result;
}

extern "C" int MPI_Finalize() {
  tally::profiler::mpi::on_finalize();
  return PMPI_Finalize();
}

// Behind an entry point as the generated wrappers are (mpi_entry.hpp): its communicator may be
// another family's.
extern "C" TALLY_MPI_MEASURED int tally_measured_MPI_Abort(MPI_Comm comm, int errorcode) {
  tally::profiler::mpi::on_abort();
  return PMPI_Abort(comm, errorcode);
}
TALLY_MPI_ENTRY(MPI_Abort)
