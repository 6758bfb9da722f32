// SPDX-License-Identifier: BSD-3-Clause
// The measured process: whether it is measured at all, its options, and the start and end of
// the run (the implicit region Global). Backends drive start and finish; the core only knows
// them through backend.hpp.
#pragma once

#include "core/backend.hpp"
#include "core/options.hpp"
#include "core/process_summary.hpp"
#include "core/thread_regions.hpp"

#include <cstdint>
#include <string>

namespace tally::profiler {

enum class Phase {
  off,       ///< not measured: a launcher, a shell, a child of a measured process, or disabled
  waiting,   ///< measured, but the run starts later (at MPI_Init)
  measuring, ///< Global is open
  done,      ///< the run ended (document written, or given up)
};

class ThreadState;

/// Where this process sits in its run. The MPI backend sets it at MPI_Init, before the run
/// starts; a process without MPI is a run of one.
struct RunPlace {
  bool mpi = false;
  std::uint64_t rank = 0;
  std::uint64_t ranks = 1;
  std::uint64_t nodes = 1;
  /// This process reads the sensors its host shares (the energy counters): a process without MPI,
  /// or the lowest rank of each host. Only it reads them, so that no energy is counted twice.
  bool host_reader = true;
  /// The run's nodes on this process's host: more than one with emulated nodes (TALLY_RANKS_PER_NODE).
  std::uint64_t nodes_on_host = 1;
};

struct Process {
  Phase phase = Phase::off;
  Options options;
  RegionHandle global = -1;
  RunPlace place;
  ThreadState* main_thread = nullptr; ///< the thread that started the run: the one the hang watchdog watches
  std::string start_time;             ///< UTC ISO 8601; a backend may set it before the run starts (MPI: rank 0's)
  std::uint64_t start_ticks = 0;      ///< clock ticks when Global opened
  bool counters = false;              ///< counters usable on this machine
};

/// The one process-wide record.
Process& process();

/// At library load: decides whether this process is measured, installs `backends` and calls
/// their on_load, then starts the run unless one of them starts it later.
void load_process(std::span<const Backend* const> backends);

/// At library unload (process exit): calls the backends' on_exit, then writes the run that no
/// backend ended.
void exit_process();

/// Opens Global on the calling thread, enters the measuring phase and starts the helper thread
/// (helper_tasks.hpp), whose first task samples the timeline.
void start_run();

/// Stops the helper thread, closes Global and any region left open (with one warning), ends the
/// measuring phase and returns what this process measured, its timeline up to Global's close
/// included. Call once, from the thread that started the run.
ProcessSummary finish_run();

/// Ends the run and writes the document of this process alone (programs without MPI).
void write_single_process_run();

} // namespace tally::profiler
