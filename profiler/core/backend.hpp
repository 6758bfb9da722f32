// SPDX-License-Identifier: BSD-3-Clause
// The one contract between the profiler core and its backends: a descriptor of optional hooks,
// how a backend switches its hot hooks on, and how the core calls them. Which thread calls each
// hook, when, and what it may do: README.md. The backends compiled in: backend_list.cpp.
#pragma once

#include "core/process_summary.hpp"
#include "core/state.hpp"
#include "core/thread_regions.hpp"

#include <atomic>
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
  /// The run ended: its last region closed and the threads' time is summed in `summary`; the
  /// backend adds what it measured (devices, threads, what was measured at all).
  void (*on_run_end)(ProcessSummary& summary) = nullptr;
  /// At process exit, before the core writes a run that is still measuring; may end the run
  /// itself (then process().phase is Phase::done afterwards).
  void (*on_exit)() = nullptr;
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

namespace detail {
/// Per region hook, bit i is set while installed backend i is active and implements it: one
/// acquire load per region call tells whether any backend listens.
extern std::atomic<std::uint32_t> listening_region_start;
extern std::atomic<std::uint32_t> listening_region_stop;
extern std::atomic<std::uint32_t> listening_region_snapshot;
void call_region_start(std::uint32_t listening, RegionHandle region);
void call_region_stop(std::uint32_t listening, RegionHandle region);
void call_region_snapshot(std::uint32_t listening, Totals& totals);
} // namespace detail

inline void notify_region_start(RegionHandle region) {
  if (const std::uint32_t listening = detail::listening_region_start.load(std::memory_order_acquire))
    detail::call_region_start(listening, region);
}

inline void notify_region_stop(RegionHandle region) {
  if (const std::uint32_t listening = detail::listening_region_stop.load(std::memory_order_acquire))
    detail::call_region_stop(listening, region);
}

inline void notify_region_snapshot(Totals& totals) {
  if (const std::uint32_t listening = detail::listening_region_snapshot.load(std::memory_order_acquire))
    detail::call_region_snapshot(listening, totals);
}

/// The totals a region of the calling thread starts or stops with: its own snapshot plus what
/// active backends add (the OpenMP backend: the other threads' time, on the master).
Totals region_snapshot(ThreadState& thread) noexcept;

void notify_load();
void notify_thread_start(ThreadState& thread);
void notify_run_end(ProcessSummary& summary);
void notify_exit();

} // namespace tally::profiler
