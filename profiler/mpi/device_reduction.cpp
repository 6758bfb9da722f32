// SPDX-License-Identifier: BSD-3-Clause
// Shares to node leaders (gather of variable length: a rank has a few devices per region),
// merged and aggregated there, then fixed-size sums and maxima over the leaders.
#include "mpi/device_reduction.hpp"

#include "core/device_aggregate.hpp"
#include "mpi/pmpi_weak.hpp"

#include <algorithm>
#include <cstring>

namespace tally::profiler::mpi {
namespace {

// One share on the wire: region, node, UUID in two words, K, D, and the rank's elapsed time
// in the region (the cap of a shared device's busy time).
enum ShareField {
  share_region,
  share_node,
  share_uuid_low,
  share_uuid_high,
  share_kernel,
  share_memory,
  share_elapsed,
  share_field_count
};
// Per region, summed over nodes and maximised over nodes.
enum DeviceSum { device_count, kernel_sum, memory_sum, device_sum_count };
enum DeviceMax { kernel_max, active_max, device_max_count };

std::vector<std::uint64_t> pack_shares(const std::vector<const ProcessRegion*>& mine, std::uint64_t node,
                                       std::uint64_t rank) {
  std::vector<std::uint64_t> packed;
  for (std::size_t r = 0; r < mine.size(); ++r) {
    if (!mine[r]) continue;
    for (const DeviceShare& share : shares_of(mine[r]->devices, node, rank)) {
      std::uint64_t uuid[2];
      std::memcpy(uuid, share.key.uuid.data(), sizeof uuid);
      packed.insert(packed.end(),
                    {r, share.key.node, uuid[0], uuid[1], share.kernel_ns, share.memory_ns, mine[r]->elapsed_ns});
    }
  }
  return packed;
}

std::vector<std::uint64_t> gather_to_leader(const std::vector<std::uint64_t>& mine, MPI_Comm node) {
  int node_rank = 0, node_size = 1;
  PMPI_Comm_rank(node, &node_rank);
  PMPI_Comm_size(node, &node_size);
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(node_size), 0), offsets(counts.size(), 0);
  PMPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, node);
  for (std::size_t i = 1; i < counts.size(); ++i)
    offsets[i] = offsets[i - 1] + counts[i - 1];
  std::vector<std::uint64_t> all(node_rank == 0 ? static_cast<std::size_t>(offsets.back() + counts.back()) : 0);
  PMPI_Gatherv(mine.data(), count, MPI_UINT64_T, all.data(), counts.data(), offsets.data(), MPI_UINT64_T, 0, node);
  return all;
}

DeviceShare unpack(const std::uint64_t* field) {
  DeviceShare share{
      .key = {.node = field[share_node]}, .kernel_ns = field[share_kernel], .memory_ns = field[share_memory]};
  std::memcpy(share.key.uuid.data(), &field[share_uuid_low], share.key.uuid.size());
  return share;
}

} // namespace

std::vector<std::optional<model::DeviceRaw>> reduce_devices(const std::vector<const ProcessRegion*>& mine,
                                                            const NodeMap& nodes, std::uint64_t rank) {
  const std::size_t region_count = mine.size();
  const std::vector<std::uint64_t> node_shares =
      gather_to_leader(pack_shares(mine, nodes.node_index, rank), nodes.node);
  if (nodes.leaders == MPI_COMM_NULL) return {};

  std::vector<std::vector<DeviceShare>> shares(region_count);
  std::vector<std::uint64_t> elapsed(region_count, 0);
  for (std::size_t at = 0; at + share_field_count <= node_shares.size(); at += share_field_count) {
    const std::uint64_t* field = &node_shares[at];
    shares[field[share_region]].push_back(unpack(field));
    elapsed[field[share_region]] = std::max(elapsed[field[share_region]], field[share_elapsed]);
  }
  std::vector<std::uint64_t> sums(region_count * device_sum_count, 0), maxima(region_count * device_max_count, 0);
  for (std::size_t r = 0; r < region_count; ++r) {
    const model::DeviceRaw node = aggregate_devices(merge_shared_devices(shares[r], elapsed[r]));
    sums[r * device_sum_count + device_count] = node.devices;
    sums[r * device_sum_count + kernel_sum] = node.kernel_ns;
    sums[r * device_sum_count + memory_sum] = node.memory_ns;
    maxima[r * device_max_count + kernel_max] = node.kernel_max_ns;
    maxima[r * device_max_count + active_max] = node.active_max_ns;
  }
  int leader_rank = 0;
  PMPI_Comm_rank(nodes.leaders, &leader_rank);
  // The same sums and maxima as combine_devices, over every node at once.
  std::vector<std::uint64_t> total_sums(leader_rank == 0 ? sums.size() : 0),
      total_maxima(leader_rank == 0 ? maxima.size() : 0);
  PMPI_Reduce(sums.data(), total_sums.data(), static_cast<int>(sums.size()), MPI_UINT64_T, MPI_SUM, 0, nodes.leaders);
  PMPI_Reduce(maxima.data(), total_maxima.data(), static_cast<int>(maxima.size()), MPI_UINT64_T, MPI_MAX, 0,
              nodes.leaders);
  if (leader_rank != 0) return {};

  std::vector<std::optional<model::DeviceRaw>> out(region_count);
  for (std::size_t r = 0; r < region_count; ++r) {
    const std::uint64_t* sum = &total_sums[r * device_sum_count];
    const std::uint64_t* max = &total_maxima[r * device_max_count];
    if (sum[device_count] == 0) continue;
    out[r] = model::DeviceRaw{.devices = sum[device_count],
                              .kernel_ns = sum[kernel_sum],
                              .kernel_max_ns = max[kernel_max],
                              .memory_ns = sum[memory_sum],
                              .active_max_ns = max[active_max]};
  }
  return out;
}

} // namespace tally::profiler::mpi
