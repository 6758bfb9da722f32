// SPDX-License-Identifier: BSD-3-Clause
// Packing and unpacking of the folds' arrays: the layout the reduction's collectives agree on.
#include "mpi/fold_arrays.hpp"

#include <algorithm>

namespace tally::profiler::mpi {
namespace {

constexpr std::size_t sum_count = model::RegionFold::sum_field_count;
constexpr std::size_t max_count = model::RegionFold::max_field_count;

} // namespace

FoldArrays pack_folds(const std::vector<const model::ProcessRecord*>& records, std::uint64_t node) {
  const std::size_t region_count = records.size();
  FoldArrays out{std::vector<std::uint64_t>(region_count * sum_count, 0),
                 std::vector<std::uint64_t>(region_count * max_count, 0),
                 std::vector<std::uint64_t>(region_count * node_share_count, 0)};
  for (std::size_t r = 0; r < region_count; ++r) {
    if (!records[r]) continue;
    model::ProcessRecord record = *records[r];
    record.node = node;
    model::RegionFold fold;
    fold.add(record);
    std::copy(fold.sums.begin(), fold.sums.end(), out.sums.begin() + static_cast<std::ptrdiff_t>(r * sum_count));
    std::copy(fold.maxima.begin(), fold.maxima.end(), out.maxima.begin() + static_cast<std::ptrdiff_t>(r * max_count));
    const model::NodeShare& share = fold.nodes.at(node);
    out.node_shares[r * node_share_count + node_outside_mpi] = share.outside_mpi_ns;
    out.node_shares[r * node_share_count + node_processes] = share.processes;
  }
  return out;
}

std::vector<std::uint64_t> busiest_of_node(const std::vector<std::uint64_t>& node_shares) {
  const std::size_t region_count = node_shares.size() / node_share_count;
  std::vector<std::uint64_t> out(region_count * busiest_field_count, 0);
  for (std::size_t r = 0; r < region_count; ++r) {
    const std::uint64_t* share = &node_shares[r * node_share_count];
    std::uint64_t* busiest = &out[r * busiest_field_count];
    busiest[busiest_outside_mpi] = share[node_outside_mpi];
    busiest[busiest_processes] = share[node_processes];
    busiest[busiest_nodes] = share[node_processes] > 0 ? 1 : 0;
  }
  return out;
}

std::vector<std::uint64_t> merge_busiest(const std::vector<std::uint64_t>& lower,
                                         const std::vector<std::uint64_t>& higher) {
  std::vector<std::uint64_t> out(lower.size(), 0);
  for (std::size_t at = 0; at + busiest_field_count <= out.size(); at += busiest_field_count) {
    const model::NodeShare busier =
        model::busier_node({lower[at + busiest_outside_mpi], lower[at + busiest_processes]},
                           {higher[at + busiest_outside_mpi], higher[at + busiest_processes]});
    out[at + busiest_outside_mpi] = busier.outside_mpi_ns;
    out[at + busiest_processes] = busier.processes;
    out[at + busiest_nodes] = lower[at + busiest_nodes] + higher[at + busiest_nodes];
  }
  return out;
}

std::vector<model::RegionFold> unpack_folds(const std::vector<std::uint64_t>& sums,
                                            const std::vector<std::uint64_t>& maxima,
                                            const std::vector<std::uint64_t>& busiest, std::size_t region_count) {
  std::vector<model::RegionFold> out(region_count);
  for (std::size_t r = 0; r < region_count; ++r) {
    model::RegionFold& fold = out[r];
    std::copy_n(sums.begin() + static_cast<std::ptrdiff_t>(r * sum_count), sum_count, fold.sums.begin());
    std::copy_n(maxima.begin() + static_cast<std::ptrdiff_t>(r * max_count), max_count, fold.maxima.begin());
    const std::uint64_t* node = &busiest[r * busiest_field_count];
    if (node[busiest_processes] == 0) continue;
    fold.add_node_share(0, {node[busiest_outside_mpi], node[busiest_processes]});
    fold.nodes_compared_before = node[busiest_nodes] - 1;
  }
  return out;
}

} // namespace tally::profiler::mpi
