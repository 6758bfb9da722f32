// SPDX-License-Identifier: BSD-3-Clause
// Team bookkeeping without locks: a fixed table of worker states filled once per thread, and a
// few atomics the master writes at its outermost fork and join. Readers (region calls on the
// master, workers' wait ends) use relaxed or acquire loads; see README.md for what it costs.
#include "openmp/omp_team.hpp"

#include "core/process.hpp"
#include "openmp/omp_classifier.hpp"

#include <array>
#include <atomic>

namespace tally::profiler::openmp {
namespace {

constexpr std::size_t max_workers = 1024; // more threads than that are left out of regions

constexpr std::size_t index(State state) { return static_cast<std::size_t>(state); }

std::atomic<ThreadState*> master_thread{nullptr};
std::array<std::atomic<ThreadState*>, max_workers> workers{};
std::atomic<std::size_t> worker_count{0};
std::atomic<bool> master_in_parallel{false};
std::atomic<std::uint64_t> fork_ticks{0};        // master's last outermost fork
std::atomic<std::uint64_t> join_ticks{0};        // ... and join: the region's end
std::atomic<std::uint64_t> mpi_at_join{0};       // master's MPI ticks at that join
std::atomic<std::uint64_t> backdated_pending{0}; // workers backdated, not yet credited to open regions
std::uint64_t credited_workers = 0;              // master only

std::uint64_t master_mpi_ticks(std::uint64_t now) {
  ThreadState* master = master_thread.load(std::memory_order_acquire);
  return master ? master->peek(now).ticks[index(State::mpi)] : 0;
}

std::uint64_t mpi_since_join(std::uint64_t master_mpi) {
  const std::uint64_t at_join = mpi_at_join.load(std::memory_order_relaxed);
  return master_mpi > at_join ? master_mpi - at_join : 0;
}

std::uint64_t team_threads() { return 1 + std::min(worker_count.load(std::memory_order_acquire), max_workers); }

/// Regions the master opened before workers it had not yet forked: their start totals get
/// what the new workers count up to their start (as register_worker backdates them), so that
/// the region only sees the workers' time inside it. The master's MPI ticks at the region start
/// are estimated from the region's start totals (exact for the first team).
void credit_new_workers(ThreadState& master) {
  const std::uint64_t fresh = backdated_pending.exchange(0, std::memory_order_acq_rel);
  if (fresh == 0) return;
  const std::uint64_t run_start = process().start_ticks;
  const std::uint64_t fork = fork_ticks.load(std::memory_order_relaxed);
  const std::uint64_t known = 1 + credited_workers;
  master.regions().adjust_open_starts([&](Totals& start) {
    if (start.now <= run_start || start.now > fork) return;
    const std::uint64_t span = start.now - run_start;
    const std::uint64_t mpi = std::min(start.ticks[index(State::mpi)] / known, span);
    start.ticks[index(State::mpi)] += fresh * mpi;
    start.ticks[index(State::omp_serialization)] += fresh * (span - mpi);
  });
  credited_workers += fresh;
}

} // namespace

void register_master(ThreadState& master) { master_thread.store(&master, std::memory_order_release); }

void register_worker(ThreadState& worker) {
  const std::size_t slot = worker_count.fetch_add(1, std::memory_order_acq_rel);
  if (slot < max_workers) workers[slot].store(&worker, std::memory_order_release);
  const Process& p = process();
  const std::uint64_t now = clock_ticks();
  if (p.phase != Phase::measuring || p.start_ticks == 0 || p.start_ticks >= now) return;
  // The CPU was the process's from the start of the run: idle while the master worked alone,
  // MPI while the master was in MPI (counted from the master's thread start: MPI_Init itself is
  // not measured, so that is the run's MPI time).
  const std::uint64_t mpi = std::min(master_mpi_ticks(now), now - p.start_ticks);
  worker.backdate(p.start_ticks, State::mpi);
  worker.switch_at(State::omp_serialization, p.start_ticks + mpi);
  backdated_pending.fetch_add(1, std::memory_order_acq_rel);
}

void on_master_fork(ThreadState& master) {
  fork_ticks.store(master.totals().now, std::memory_order_relaxed);
  master_in_parallel.store(true, std::memory_order_relaxed);
}

void on_master_join(ThreadState& master) {
  const Totals& totals = master.totals();
  mpi_at_join.store(totals.ticks[index(State::mpi)], std::memory_order_relaxed);
  join_ticks.store(totals.now, std::memory_order_release);
  master_in_parallel.store(false, std::memory_order_relaxed);
  credit_new_workers(master);
}

void end_worker_wait(ThreadState& worker, State next) {
  const Totals& before = worker.totals();
  const std::uint64_t wait_start = before.now;
  const std::uint64_t now = clock_ticks();
  const IdleSplit split =
      split_idle(wait_start, now, join_ticks.load(std::memory_order_acquire), mpi_since_join(master_mpi_ticks(now)));
  if (split.mpi + split.serialization > 0) {
    worker.switch_at(State::mpi, wait_start + split.load_imbalance);
    worker.switch_at(State::omp_serialization, wait_start + split.load_imbalance + split.mpi);
  }
  worker.switch_to(next);
}

// Region calls of the master outside parallel regions cover the whole process: its own snapshot
// plus each worker's totals at the same tick (peek), with a worker's running wait split as
// end_worker_wait() will split it.
void add_workers(Totals& totals) {
  ThreadState* master = master_thread.load(std::memory_order_acquire);
  if (master != &this_thread() || master_in_parallel.load(std::memory_order_relaxed)) return;
  const std::uint64_t since_join = mpi_since_join(totals.ticks[index(State::mpi)]);
  const std::uint64_t end = join_ticks.load(std::memory_order_relaxed);
  const std::size_t count = std::min(worker_count.load(std::memory_order_acquire), max_workers);
  for (std::size_t i = 0; i < count; ++i) {
    ThreadState* worker = workers[i].load(std::memory_order_acquire);
    if (!worker) continue;
    ThreadState::Segment running;
    Totals theirs = worker->peek(totals.now, &running);
    if (running.state == State::omp_load_imbalance) {
      const IdleSplit split = split_idle(running.since, totals.now, end, since_join);
      theirs.ticks[index(State::omp_load_imbalance)] -= split.mpi + split.serialization;
      theirs.ticks[index(State::mpi)] += split.mpi;
      theirs.ticks[index(State::omp_serialization)] += split.serialization;
    }
    for (std::size_t s = 0; s < state_count; ++s)
      totals.ticks[s] += theirs.ticks[s];
    totals.useful_instructions += theirs.useful_instructions;
    totals.useful_cycles += theirs.useful_cycles;
    for (std::size_t slot = 0; slot < totals.counts.size(); ++slot)
      totals.counts[slot] += theirs.counts[slot];
  }
}

void on_region_query(RegionSoFar& region) {
  if (!master_thread.load(std::memory_order_acquire)) return;
  region.measured.openmp = true;
  region.record.threads = team_threads();
}

void on_run_end(ProcessSummary& summary) {
  if (!master_thread.load(std::memory_order_acquire)) return;
  summary.openmp_measured = true;
  const std::uint64_t threads = team_threads();
  for (ProcessRegion& region : summary.regions)
    region.threads = threads;
}

} // namespace tally::profiler::openmp
