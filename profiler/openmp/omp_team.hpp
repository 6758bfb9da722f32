// SPDX-License-Identifier: BSD-3-Clause
// The threads of the process as the OpenMP backend sees them: the master (the initial thread),
// the workers, when the master's last parallel region ended, and what the master's regions add
// for the workers (Backend::on_region_snapshot). Written by OMPT callbacks, read by region calls.
#pragma once

#include "core/process_summary.hpp"
#include "core/region_query.hpp"
#include "core/thread_state.hpp"

#include <cstdint>

namespace tally::profiler::openmp {

/// The initial thread. Once, from its OMPT thread_begin; the backend is then activated.
void register_master(ThreadState& master);

/// A worker's first event: its time is counted from the start of the run (idle while the
/// master worked alone, or MPI while the master was in MPI). Lock-free.
void register_worker(ThreadState& worker);

/// The master forks its outermost parallel region / is back from it (the region's end).
void on_master_fork(ThreadState& master);
void on_master_join(ThreadState& master);

/// A worker's wait ends: splits it into imbalance / MPI / serialization (split_idle) and enters
/// `next`. Three switches at most, O(1).
void end_worker_wait(ThreadState& worker, State next);

/// Backend::on_region_snapshot: a region call of the master outside parallel regions covers the
/// whole process, so `totals` gets every worker's totals at the same tick. O(workers), no lock.
void add_workers(Totals& totals);

/// Backend::on_region_query: once OMPT reported, the region's process counts the team's threads.
void on_region_query(RegionSoFar& region);

/// Backend::on_run_end: once OMPT reported, every region of the process counts the team's threads
/// (the master's regions add the workers' time) and reports the OpenMP branch.
void on_run_end(ProcessSummary& summary);

} // namespace tally::profiler::openmp
