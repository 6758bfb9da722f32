// SPDX-License-Identifier: BSD-3-Clause
// The runtime queries: each thread's visits of the region up to now, summed as the end-of-run
// summary sums them (process_summary.cpp), then across ranks through the MPI backend.
#include "core/region_query.hpp"

#include "core/backend.hpp"
#include "core/clock.hpp"
#include "core/process.hpp"
#include "core/process_summary.hpp"
#include "core/region_registry.hpp"
#include "core/thread_state.hpp"

#include "tally/model/run_metrics.hpp"

namespace tally::profiler {
namespace {

/// What visit_threads hands each thread: the region, the asking thread and its totals (taken
/// with the backends' additions, as its own region calls take them), and the sum so far.
struct ThreadsVisit {
  RegionHandle region;
  const ThreadState* asking;
  Totals asking_now;
  std::uint64_t now;
  double ns_per_tick;
  RegionSoFar* out;
};

void add_thread(ThreadState& thread, void* context) {
  ThreadsVisit& visit = *static_cast<ThreadsVisit*>(context);
  const Totals now = &thread == visit.asking ? visit.asking_now : thread.peek(visit.now);
  RegionTotals totals;
  const bool open = thread.regions().peek_region(visit.region, now, totals);
  if (totals.visits == 0) return;
  visit.out->open = visit.out->open || open;
  add_thread_totals(visit.out->record, totals, visit.ns_per_tick);
}

QueryResult check_region(RegionHandle region) {
  if (process().phase != Phase::measuring) return QueryResult::not_measured;
  if (region < 0 || static_cast<std::size_t>(region) >= region_count()) return QueryResult::unknown_region;
  return QueryResult::ok;
}

} // namespace

QueryResult query_region(RegionHandle region, RegionSoFar& out) {
  out = RegionSoFar{};
  if (const QueryResult checked = check_region(region); checked != QueryResult::ok) return checked;
  // The asking thread's state first: made outside the registry's lock that visit_threads holds.
  ThreadState& asking = this_thread();
  ThreadsVisit visit{region, &asking, region_totals_now(asking), 0, nanoseconds_per_tick(), &out};
  visit.now = visit.asking_now.now;
  visit_threads(add_thread, &visit);
  out.measured.counters = process().counters;
  out.measured.mpi = process().place.mpi;
  notify_region_query(out);
  return QueryResult::ok;
}

QueryResult query_region_across(RegionHandle region, int fortran_comm, RankScope scope, RanksSoFar& out) {
  out = RanksSoFar{};
  RegionSoFar mine;
  if (const QueryResult local = query_region(region, mine); local != QueryResult::ok) return local;
  return fold_across_ranks(mine, fortran_comm, scope, out);
}

model::MetricValues metrics_so_far(const RanksSoFar& ranks) { return model::compute_run_metrics(ranks.raw); }

} // namespace tally::profiler
