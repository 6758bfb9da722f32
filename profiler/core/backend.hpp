// SPDX-License-Identifier: BSD-3-Clause
// The one contract between the profiler core and its backends: a descriptor of optional hooks,
// how a backend switches its hot hooks on, and how the core calls them. Which thread calls each
// hook, when, and what it may do: README.md. The backends compiled in: backend_list.cpp.
#pragma once

#include "core/process_summary.hpp"
#include "core/region_query.hpp"
#include "core/state.hpp"
#include "core/thread_regions.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

namespace tally::profiler {

class ThreadState;

/// A backend as the core sees it: a name and the hooks it implements, in the order a run meets
/// them; nullptr for a hook it does not implement. A descriptor is a constant that outlives the
/// process. The region hooks are called only while the backend is active (activate_backend);
/// the others are called for every listed backend.
struct Backend {
  const char* name = "";
  /// Probe and init, at library load in a measured process, after the options are read and
  /// before the run starts. A backend that starts the run later (MPI at MPI_Init) sets
  /// process().phase to Phase::waiting.
  void (*on_load)() = nullptr;
  /// A thread's state was just made (the thread's first event), on that thread, before any
  /// other thread can see it: the place to attach per-thread resources (hardware counters).
  void (*on_thread_start)(ThreadState& thread) = nullptr;
  /// Active only: a region was opened / closed on the calling thread, after the core took its
  /// host totals. Hot path.
  void (*on_region_start)(RegionHandle region) = nullptr;
  void (*on_region_stop)(RegionHandle region) = nullptr;
  /// Active only: a region of the calling thread takes the totals `totals` (that thread's own,
  /// at `totals.now`) to start or stop with; the backend may add what other threads count.
  /// Hot path.
  void (*on_region_snapshot)(Totals& totals) = nullptr;
  /// On the helper thread, at each of its wake-ups while the run measures (every 100 ms), after
  /// the core's own tasks; `now` is the wake-up's clock tick. For periodic work off the hot path
  /// (the energy counters). Called for every listed backend, active or not.
  void (*on_helper_wake)(std::uint64_t now) = nullptr;
  /// The run ended: its last region closed and the threads' time is summed in `summary`; the
  /// backend adds what it measured (devices, threads, what was measured at all).
  void (*on_run_end)(ProcessSummary& summary) = nullptr;
  /// At process exit, before the core writes a run that is still measuring; may end the run
  /// itself (then process().phase is Phase::done afterwards).
  void (*on_exit)() = nullptr;

  // ---- runtime queries (region_query.hpp), on the thread that asks ----
  /// A program asks a region's measures so far: the backend adds what it knows of the process
  /// (OpenMP: its threads; whether it measured anything). No allocation or lock.
  void (*on_region_query)(RegionSoFar& region) = nullptr;
  /// A program asks a region's metrics across the ranks of an MPI communicator: the backend that
  /// can reach them (MPI) folds every rank's `mine`. Collective over the communicator.
  QueryResult (*query_across_ranks)(const RegionSoFar& mine, int fortran_comm, RankScope scope,
                                    RanksSoFar& out) = nullptr;
};

/// The backends compiled into libtally.so, one line each (backend_list.cpp).
std::span<const Backend* const> backend_list();

/// The backends the core calls from now on, in this order (load_process does it; tests pass
/// their own). At most max_backends; call before any thread or region exists.
void install_backends(std::span<const Backend* const> backends);
inline constexpr std::size_t max_backends = 32;

/// Switches the region hooks of `backend` on (once its measurement has started: CUDA at
/// cuInit, OpenMP when OMPT initialises). Everything the hooks read must be published before:
/// the activation is a release. A backend that is not installed is ignored. Any thread.
void activate_backend(const Backend& backend);

/// Switches every region hook off (at the end of the run: regions after it are no backend's).
void deactivate_backends();

// ---- how the core calls the hooks --------------------------------------------------------

/// A region call of the calling thread `thread`, taken at its totals up to now plus what active
/// backends add (on_region_snapshot; the OpenMP backend: the other threads' time, on the master),
/// then told to the backends (on_region_start, on_region_stop for a region that was open).
void start_region(ThreadState& thread, RegionHandle region);
StopResult stop_region(ThreadState& thread, RegionHandle region);
/// At the end of the run, on the thread that started it: closes Global (on_region_stop) and every
/// region still open (no hook is told) at one snapshot; returns how many besides Global were open.
int stop_run_regions(ThreadState& thread, RegionHandle global);

/// The calling thread's totals up to now plus what active backends add (on_region_snapshot), as a
/// region call would take them: for a query of the thread's open regions.
Totals region_totals_now(ThreadState& thread);
/// The backends' answers to a query (on_region_query, query_across_ranks); the first backend
/// with query_across_ranks answers, QueryResult::failed when none has it.
void notify_region_query(RegionSoFar& region);
QueryResult fold_across_ranks(const RegionSoFar& mine, int fortran_comm, RankScope scope, RanksSoFar& out);

void notify_load();
void notify_thread_start(ThreadState& thread);
/// The helper thread's task that calls on_helper_wake (helper_tasks.cpp lists it).
void notify_helper_wake(std::uint64_t now);
void notify_run_end(ProcessSummary& summary);
void notify_exit();

} // namespace tally::profiler
