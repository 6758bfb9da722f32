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

std::vector<model::RegionFold> unpack_folds(const std::vector<std::uint64_t>& sums,
                                            const std::vector<std::uint64_t>& maxima,
                                            const std::vector<std::uint64_t>& node_shares_by_node,
                                            std::size_t region_count) {
  std::vector<model::RegionFold> out(region_count);
  const std::size_t node_count = region_count == 0 ? 0 : node_shares_by_node.size() / (region_count * node_share_count);
  for (std::size_t r = 0; r < region_count; ++r) {
    model::RegionFold& fold = out[r];
    std::copy_n(sums.begin() + static_cast<std::ptrdiff_t>(r * sum_count), sum_count, fold.sums.begin());
    std::copy_n(maxima.begin() + static_cast<std::ptrdiff_t>(r * max_count), max_count, fold.maxima.begin());
    for (std::size_t n = 0; n < node_count; ++n) {
      const std::uint64_t* share = &node_shares_by_node[(n * region_count + r) * node_share_count];
      if (share[node_processes] > 0) fold.add_node_share(n, {share[node_outside_mpi], share[node_processes]});
    }
  }
  return out;
}

} // namespace tally::profiler::mpi
