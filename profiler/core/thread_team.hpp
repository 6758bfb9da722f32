// What a region of the process sees of its other threads. Without a threading backend a region
// is the time of the thread that opens it; the OpenMP backend adds the time of the worker threads
// to the regions its master thread opens outside parallel regions.
#pragma once

#include "core/thread_state.hpp"

#include <cstdint>

namespace tally::profiler {

struct ThreadTeam {
  /// Adds to `totals` (the calling thread's snapshot) what the other threads of the process
  /// count at `totals.now`, when the caller opens or closes regions for the whole process.
  /// Called on the region's thread; no allocation or lock.
  void (*add_team_totals)(Totals& totals);
  /// The threads whose time the process's regions add up (at the end of the run).
  std::uint64_t (*thread_count)();
};

/// Installs the team (once, from the backend that measures threads); until then regions are
/// single-threaded and the summary says no OpenMP was measured.
void set_thread_team(const ThreadTeam* team);

/// The totals a region of the calling thread starts or stops with: its own snapshot plus, when
/// a team is installed and asks for it, the other threads' time.
Totals region_snapshot(ThreadState& thread) noexcept;

/// The installed team, or null.
const ThreadTeam* thread_team();

} // namespace tally::profiler
