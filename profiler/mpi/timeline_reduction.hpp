// SPDX-License-Identifier: BSD-3-Clause
// The run's timeline across ranks: every rank's buckets at the widest rank's width, summed
// bucket by bucket, and the nodes that did little of the work.
#pragma once

#include "core/timeline_buckets.hpp"
#include "mpi/node_map.hpp"

#include "tally/model/run_timeline.hpp"

#include <cstdint>
#include <optional>

namespace tally::profiler::mpi {

/// Collective over MPI_COMM_WORLD (and the node and leader communicators of `nodes`), with
/// fixed-size messages only. `mine` is this rank's timeline in nanoseconds, `busy_ns` its
/// useful plus offload time in Global. On world rank 0: the sums over ranks and the idle nodes (no
/// behaviour: run_output adds it); elsewhere nullopt.
std::optional<model::Timeline> reduce_timeline(TimelineBuckets mine, std::uint64_t busy_ns, const NodeMap& nodes,
                                               int rank);

} // namespace tally::profiler::mpi
