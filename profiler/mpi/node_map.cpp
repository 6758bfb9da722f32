// SPDX-License-Identifier: BSD-3-Clause
// Node communicators through PMPI (the profiler's own collectives are not measured).
#include "mpi/node_map.hpp"

#include "core/host_probe.hpp"

#include <set>

namespace tally::profiler::mpi {

NodeMap map_nodes(std::uint64_t ranks_per_node) {
  NodeMap map;
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (ranks_per_node > 0) {
    PMPI_Comm_split(MPI_COMM_WORLD, static_cast<int>(static_cast<std::uint64_t>(rank) / ranks_per_node), rank,
                    &map.node);
  } else {
    PMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &map.node);
  }
  int node_rank = 0;
  PMPI_Comm_rank(map.node, &node_rank);
  PMPI_Comm_split(MPI_COMM_WORLD, node_rank == 0 ? 0 : MPI_UNDEFINED, rank, &map.leaders);

  int leader_count = 0, node_index = 0;
  if (map.leaders != MPI_COMM_NULL) {
    PMPI_Comm_size(map.leaders, &leader_count);
    PMPI_Comm_rank(map.leaders, &node_index);
  }
  PMPI_Bcast(&leader_count, 1, MPI_INT, 0, map.node);
  PMPI_Bcast(&node_index, 1, MPI_INT, 0, map.node);
  map.node_count = static_cast<std::uint64_t>(leader_count);
  map.node_index = static_cast<std::uint64_t>(node_index);

  if (map.leaders != MPI_COMM_NULL) {
    // Emulated nodes share one host; their names say which emulated node they are.
    int leader_rank = 0;
    PMPI_Comm_rank(map.leaders, &leader_rank);
    std::string name = host_name();
    if (ranks_per_node > 0) name += "#" + std::to_string(leader_rank);
    char fixed[MPI_MAX_PROCESSOR_NAME + 16] = {};
    name.copy(fixed, sizeof fixed - 1);
    std::vector<char> all(leader_rank == 0 ? sizeof fixed * static_cast<std::size_t>(leader_count) : 0);
    PMPI_Gather(fixed, sizeof fixed, MPI_CHAR, all.data(), sizeof fixed, MPI_CHAR, 0, map.leaders);
    for (std::size_t i = 0; leader_rank == 0 && i < static_cast<std::size_t>(leader_count); ++i) {
      map.hosts.emplace_back(all.data() + i * sizeof fixed);
    }
  }
  return map;
}

void free_node_map(NodeMap& map) {
  if (map.leaders != MPI_COMM_NULL) PMPI_Comm_free(&map.leaders);
  if (map.node != MPI_COMM_NULL) PMPI_Comm_free(&map.node);
}

HostPlace place_on_host(std::uint64_t ranks_per_node) {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm host = MPI_COMM_NULL;
  PMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &host);
  int host_rank = 0, host_size = 1;
  PMPI_Comm_rank(host, &host_rank);
  PMPI_Comm_size(host, &host_size);
  // Emulated nodes are blocks of consecutive ranks; the host's ranks say which blocks it holds.
  const std::uint64_t node = ranks_per_node > 0 ? static_cast<std::uint64_t>(rank) / ranks_per_node : 0;
  std::vector<std::uint64_t> nodes(static_cast<std::size_t>(host_size));
  PMPI_Allgather(&node, 1, MPI_UINT64_T, nodes.data(), 1, MPI_UINT64_T, host);
  PMPI_Comm_free(&host);
  return {host_rank == 0, std::set<std::uint64_t>(nodes.begin(), nodes.end()).size()};
}

} // namespace tally::profiler::mpi
