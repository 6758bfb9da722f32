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

/// The run's fold of each of `region_count` regions from the reduced arrays: `sums` and `maxima`
/// reduced over every process, `node_shares_by_node` the node sums of every node, node after node
/// (node index n first at n × region_count × node_share_count).
std::vector<model::RegionFold> unpack_folds(const std::vector<std::uint64_t>& sums,
                                            const std::vector<std::uint64_t>& maxima,
                                            const std::vector<std::uint64_t>& node_shares_by_node,
                                            std::size_t region_count);

} // namespace tally::profiler::mpi
