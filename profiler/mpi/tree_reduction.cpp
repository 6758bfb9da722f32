// SPDX-License-Identifier: BSD-3-Clause
// Sums (region, parent) elapsed ns up the tree (tree_merge.hpp): a rank has about one pair per
// region, and a merged share one per distinct pair of the run, so rank 0 holds a few integers per
// pair whatever the number of ranks, and keeps only the chosen parents.
#include "mpi/tree_reduction.hpp"

#include "mpi/share_merges.hpp"
#include "mpi/tree_merge.hpp"

#include <map>

namespace tally::profiler::mpi {

std::vector<model::RegionParents> reduce_parents(const ProcessSummary& summary, const std::vector<std::string>& names,
                                                 int rank, MPI_Comm tree) {
  std::map<std::string, std::uint64_t> run_index;
  for (std::size_t i = 0; i < names.size(); ++i)
    run_index[names[i]] = i;
  KeyedSums mine;
  for (std::size_t local = 0; local < summary.names.size(); ++local) {
    for (const auto& [parent, elapsed_ns] : summary.regions[local].parent_ns)
      mine[{run_index.at(summary.names[local]), run_index.at(summary.names[parent])}] += elapsed_ns;
  }
  const std::string merged = merge_up_tree(pack_keyed_sums(mine), tree, merge_keyed_sums);
  if (rank != 0) return {};

  std::vector<std::vector<model::ParentTime>> times(names.size());
  for (const auto& [pair, elapsed_ns] : unpack_keyed_sums(merged))
    times[pair.first].push_back({names[pair.second], elapsed_ns});
  std::vector<model::RegionParents> out;
  for (const std::vector<model::ParentTime>& region_times : times)
    out.push_back(model::choose_parent(region_times));
  return out;
}

} // namespace tally::profiler::mpi
