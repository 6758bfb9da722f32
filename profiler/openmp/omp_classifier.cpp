// SPDX-License-Identifier: BSD-3-Clause
// Event -> state rules of the OpenMP backend (README.md, "Classification").
#include "openmp/omp_classifier.hpp"

#include <algorithm>

namespace tally::profiler::openmp {

State OmpThreadStateMachine::base() const {
  if (implicit_tasks_ > 0 || forks_ == 0) {
    // Inside an implicit task: the user's code. Outside any: serial code on the master, idle
    // between parallel regions on a worker.
    return implicit_tasks_ > 0 || master_ ? State::useful : State::omp_serialization;
  }
  return State::omp_scheduling; // forked but not (yet, or any more) in an implicit task
}

State OmpThreadStateMachine::on(OmpEvent event) noexcept {
  switch (event) {
  case OmpEvent::parallel_begin: ++forks_; return State::omp_scheduling;
  case OmpEvent::parallel_end: forks_ = std::max(forks_ - 1, 0); return base();
  case OmpEvent::implicit_task_begin: ++implicit_tasks_; return State::useful;
  case OmpEvent::implicit_task_end:
    implicit_tasks_ = std::max(implicit_tasks_ - 1, 0);
    // A task boundary ends any wait or task the runtime reported without its end.
    waits_ = 0;
    explicit_tasks_ = 0;
    return forks_ > 0 ? State::omp_scheduling : base();
  case OmpEvent::sync_begin: return State::omp_scheduling;
  case OmpEvent::sync_end: return base();
  case OmpEvent::wait_begin: ++waits_; return State::omp_load_imbalance;
  case OmpEvent::wait_end: waits_ = std::max(waits_ - 1, 0); return State::omp_scheduling;
  case OmpEvent::explicit_task_begin: ++explicit_tasks_; return State::useful;
  case OmpEvent::explicit_task_end:
    explicit_tasks_ = std::max(explicit_tasks_ - 1, 0);
    if (explicit_tasks_ > 0) return State::useful;
    return waits_ > 0 ? State::omp_load_imbalance : base();
  }
  return base();
}

IdleSplit split_idle(std::uint64_t wait_start, std::uint64_t now, std::uint64_t region_end,
                     std::uint64_t master_mpi_since_end) {
  if (now <= wait_start) return {};
  // The region ended before this wait began, or has not ended: the whole wait is imbalance.
  if (region_end <= wait_start || region_end >= now) return {now - wait_start, 0, 0};
  IdleSplit split;
  split.load_imbalance = region_end - wait_start;
  const std::uint64_t idle = now - region_end;
  split.mpi = std::min(master_mpi_since_end, idle);
  split.serialization = idle - split.mpi;
  return split;
}

} // namespace tally::profiler::openmp
