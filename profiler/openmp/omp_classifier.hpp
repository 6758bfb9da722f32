// SPDX-License-Identifier: BSD-3-Clause
// The OpenMP classification of one thread's time, as pure logic fed by OMPT events: which state
// each event enters, and how the late-reported idle wait of a worker splits. No runtime, no
// clock: the tests drive it with made-up events and ticks.
#pragma once

#include "core/state.hpp"

#include <cstdint>

namespace tally::profiler::openmp {

/// The OMPT events that change a thread's state (task creation and worksharing do not).
enum class OmpEvent : std::uint8_t {
  parallel_begin,      ///< this thread forks a team (fork overhead until its implicit task)
  parallel_end,        ///< the team joined; back to the code around the parallel region
  implicit_task_begin, ///< the thread starts its share of a parallel region
  implicit_task_end,   ///< its share ended: join (encountering thread) or idle (worker)
  sync_begin,          ///< barrier, taskwait or taskgroup entered (runtime work)
  sync_end,            ///< left; back to the user's code
  wait_begin,          ///< waiting for the other threads of the team
  wait_end,            ///< the wait is over (runtime work until sync_end)
  explicit_task_begin, ///< an explicit task starts or resumes on this thread
  explicit_task_end,   ///< it completes or is suspended; back to what the thread was doing
};

/// One thread's OpenMP state machine. Counts nesting so that a worker idles (serialization)
/// only when it has left every implicit task. O(1) per event, no allocation.
class OmpThreadStateMachine {
public:
  /// `master`: the initial thread, which runs the serial code between parallel regions.
  explicit OmpThreadStateMachine(bool master) : master_(master) {}

  /// The state the thread enters with `event`.
  State on(OmpEvent event) noexcept;

  /// Inside at least one parallel region (an implicit task, or forking/joining one).
  bool in_parallel() const { return implicit_tasks_ > 0 || forks_ > 0; }
  bool master() const { return master_; }

private:
  /// Where the thread is when no wait or task says otherwise.
  State base() const;

  bool master_;
  int forks_ = 0;          // parallel regions this thread encountered and has not joined
  int implicit_tasks_ = 0; // implicit tasks open on this thread
  int waits_ = 0;          // sync-region waits open
  int explicit_tasks_ = 0; // explicit tasks running (a task runs inside a wait, e.g. a barrier)
};

/// How a worker's wait [wait_start, now] splits when it ends after the end of the parallel
/// region (libomp reports a worker's end-of-region wait only at the next fork): load imbalance
/// until the region ended, then idle outside parallel regions, of which the master's MPI time
/// counts as MPI (POP: threads idle while the master is in MPI count for MPI).
struct IdleSplit {
  std::uint64_t load_imbalance = 0;
  std::uint64_t mpi = 0;
  std::uint64_t serialization = 0;
};

/// `region_end`: tick the master left its last parallel region (0: none yet);
/// `master_mpi_since_end`: the master's MPI ticks since then.
IdleSplit split_idle(std::uint64_t wait_start, std::uint64_t now, std::uint64_t region_end,
                     std::uint64_t master_mpi_since_end);

} // namespace tally::profiler::openmp
