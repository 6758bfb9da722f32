// SPDX-License-Identifier: BSD-3-Clause
// Which node each rank runs on: from host names (ranks sharing memory), or emulated with
// TALLY_RANKS_PER_NODE so that node-level metrics can be tested on one machine.
#pragma once

#include "mpi/pmpi_weak.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tally::profiler::mpi {

struct NodeMap {
  MPI_Comm node = MPI_COMM_NULL;    ///< the ranks of this rank's node
  MPI_Comm leaders = MPI_COMM_NULL; ///< one rank per node (MPI_COMM_NULL on the others)
  std::uint64_t node_count = 0;
  std::uint64_t node_index = 0;   ///< this rank's node, 0 .. node_count-1
  std::vector<std::string> hosts; ///< one name per node, on rank 0
};

/// Collective. `ranks_per_node` 0 uses the real nodes.
NodeMap map_nodes(std::uint64_t ranks_per_node);

void free_node_map(NodeMap& map);

/// This rank on its real host (the ranks that share memory), whatever the emulated nodes.
struct HostPlace {
  bool lowest_rank = false;        ///< the host's lowest rank in MPI_COMM_WORLD: it reads the host's sensors
  std::uint64_t nodes_on_host = 1; ///< the emulated nodes with a rank on this host (1 without emulation)
};

/// Collective. `ranks_per_node` as for map_nodes.
HostPlace place_on_host(std::uint64_t ranks_per_node);

} // namespace tally::profiler::mpi
