// SPDX-License-Identifier: BSD-3-Clause
// The runtime queries of a region (tally.h's tally_region_measures and tally_region_metrics):
// what this process measured so far, read lock-free from its threads, and the POP metrics so far
// across the ranks of a communicator, folded by the one fold and the one metric tree of model.
#pragma once

#include "core/thread_regions.hpp"

#include "tally/model/metric_values.hpp"
#include "tally/model/region_fold.hpp"
#include "tally/model/region_raw.hpp"

#include <cstdint>

namespace tally::profiler {

/// A region of this process so far: the record the end-of-run fold would take, had the run
/// ended now (open visits counted up to now), and what the process measured.
struct RegionSoFar {
  model::ProcessRecord record;
  model::MeasuredGroups measured;
  bool open = false; ///< a visit is open on some thread
};

/// A region so far across the ranks of a communicator.
struct RanksSoFar {
  model::RegionRaw raw;     ///< the fold of the ranks' records (no device activity: that comes at the end)
  std::uint64_t ranks = 0;  ///< the ranks folded
  std::uint64_t nodes = 0;  ///< the nodes they run on
  std::uint64_t visits = 0; ///< their visits, summed
};

enum class QueryResult {
  ok,
  not_measured,   ///< the process is not measured, or its run has not started or has ended
  unknown_region, ///< the handle names no registered region
  failed,         ///< the collective could not be made (no MPI, a bad communicator)
};

/// The region's measures so far on this process. Any thread; no communication. Allocates nothing
/// once the calling thread's state exists (its first region call or query makes it).
QueryResult query_region(RegionHandle region, RegionSoFar& out);

/// Which ranks of the communicator a collective query folds.
enum class RankScope { all, node };

/// The region so far across the ranks of the MPI communicator `fortran_comm` (a Fortran handle:
/// the same in C, C++ and Fortran), or only those on the caller's node. Collective over it.
QueryResult query_region_across(RegionHandle region, int fortran_comm, RankScope scope, RanksSoFar& out);

/// The metrics of a fold so far (model::compute_run_metrics): the run-scope metrics that do not
/// need device activity.
model::MetricValues metrics_so_far(const RanksSoFar& ranks);

} // namespace tally::profiler
