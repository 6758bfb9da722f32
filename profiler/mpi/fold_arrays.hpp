// SPDX-License-Identifier: BSD-3-Clause
// The folds of a run's regions as flat arrays that MPI reduces element by element: what the
// reduction moves, and nothing of MPI, so that the reduction is tested without it.
#pragma once

#include "tally/model/region_fold.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tally::profiler::mpi {

/// Per region, one node's share of the busiest-node rule: its outside-MPI time and its processes.
enum NodeShareField : std::size_t { node_outside_mpi, node_processes, node_share_count };

/// One process's folds, region after region.
struct FoldArrays {
  std::vector<std::uint64_t> sums;        ///< RegionFold::sum_field_count per region: reduced with MPI_SUM
  std::vector<std::uint64_t> maxima;      ///< RegionFold::max_field_count per region: reduced with MPI_MAX
  std::vector<std::uint64_t> node_shares; ///< node_share_count per region: summed within the node
};

/// The fold of each region of one process hosted on node `node`: `records[r]` is its record of
/// region r, or null when the process never entered it (then zeros, which neither sum nor maximum notices).
FoldArrays pack_folds(const std::vector<const model::ProcessRecord*>& records, std::uint64_t node);

/// Per region, the busiest node so far of a range of nodes: its share (NodeShareField) and how
/// many nodes of the range entered the region. Leaders merge these up the tree, so that rank 0
/// holds one per region, not one share per node.
enum BusiestField : std::size_t { busiest_outside_mpi, busiest_processes, busiest_nodes, busiest_field_count };

/// One node's complete shares (node_share_count per region, summed over its processes) as a range of one node.
std::vector<std::uint64_t> busiest_of_node(const std::vector<std::uint64_t>& node_shares);

/// Two ranges of nodes as one: per region the busier share (model::busier_node; `lower` is the range
/// of lower node indices, which wins a tie) and the nodes of both.
std::vector<std::uint64_t> merge_busiest(const std::vector<std::uint64_t>& lower,
                                         const std::vector<std::uint64_t>& higher);

/// The run's fold of each of `region_count` regions from the reduced arrays: `sums` and `maxima`
/// reduced over every process, `busiest` merged over every node (busiest_field_count per region).
std::vector<model::RegionFold> unpack_folds(const std::vector<std::uint64_t>& sums,
                                            const std::vector<std::uint64_t>& maxima,
                                            const std::vector<std::uint64_t>& busiest, std::size_t region_count);

} // namespace tally::profiler::mpi
