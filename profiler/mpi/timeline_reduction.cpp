// SPDX-License-Identifier: BSD-3-Clause
// Fixed-size steps only: the widest bucket (MPI_Allreduce MAX), each rank coarsened to it, the
// 256 x 4 slots summed and the bucket count maximised on rank 0; then each node's busy time
// summed at its leader and gathered over the leaders (one number per node).
#include "mpi/timeline_reduction.hpp"

#include "core/timeline.hpp"
#include "mpi/pmpi_weak.hpp"

#include "tally/model/timeline_behaviour.hpp"

#include <vector>

namespace tally::profiler::mpi {
namespace {

/// On world rank 0: one busy time per node, in node order (the order of NodeMap::hosts).
std::vector<std::uint64_t> busy_by_node(std::uint64_t busy_ns, const NodeMap& nodes, int rank) {
  std::uint64_t node_busy = 0;
  PMPI_Reduce(&busy_ns, &node_busy, 1, MPI_UINT64_T, MPI_SUM, 0, nodes.node);
  std::vector<std::uint64_t> out(rank == 0 ? nodes.node_count : 0);
  if (nodes.leaders != MPI_COMM_NULL)
    PMPI_Gather(&node_busy, 1, MPI_UINT64_T, out.data(), 1, MPI_UINT64_T, 0, nodes.leaders);
  return out;
}

} // namespace

std::optional<model::Timeline> reduce_timeline(TimelineBuckets mine, std::uint64_t busy_ns, const NodeMap& nodes,
                                               int rank) {
  std::uint64_t widest = 0;
  const std::uint64_t width = mine.bucket_ns();
  PMPI_Allreduce(&width, &widest, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  mine.coarsen_to(widest);
  // Each rank's bucket 0 begins at its own run start: bucket by bucket, the sum aligns the starts.
  const TimelineSlots local = mine.slots();
  TimelineSlots total{};
  PMPI_Reduce(local.data(), total.data(), static_cast<int>(local.size()), MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  const std::uint64_t buckets = mine.size();
  std::uint64_t most_buckets = 0;
  PMPI_Reduce(&buckets, &most_buckets, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
  const std::vector<std::uint64_t> node_busy = busy_by_node(busy_ns, nodes, rank);
  if (rank != 0) return std::nullopt;

  model::Timeline out = to_model(TimelineBuckets::from_slots(widest, most_buckets, total));
  out.idle_nodes = model::idle_nodes(nodes.hosts, node_busy);
  return out;
}

} // namespace tally::profiler::mpi
