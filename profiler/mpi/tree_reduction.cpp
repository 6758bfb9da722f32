// SPDX-License-Identifier: BSD-3-Clause
// Gathers (region, parent, elapsed ns) triples: a rank has about one per region, so rank 0
// receives a few integers per region and rank, and keeps only the chosen parents.
#include "mpi/tree_reduction.hpp"

#include "mpi/pmpi_weak.hpp"

#include <map>

namespace tally::profiler::mpi {
namespace {

enum TripleField : std::size_t { triple_region, triple_parent, triple_ns, triple_size };

} // namespace

std::vector<model::RegionParents> reduce_parents(const ProcessSummary& summary, const std::vector<std::string>& names,
                                                 int rank, int size) {
  std::map<std::string, std::uint64_t> run_index;
  for (std::size_t i = 0; i < names.size(); ++i)
    run_index[names[i]] = i;
  std::vector<std::uint64_t> mine;
  for (std::size_t local = 0; local < summary.names.size(); ++local) {
    for (const auto& [parent, elapsed_ns] : summary.regions[local].parent_ns) {
      mine.insert(mine.end(), {run_index.at(summary.names[local]), run_index.at(summary.names[parent]), elapsed_ns});
    }
  }
  int length = static_cast<int>(mine.size());
  std::vector<int> lengths(rank == 0 ? static_cast<std::size_t>(size) : 0);
  PMPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size(), 0);
  for (std::size_t i = 1; i < offsets.size(); ++i)
    offsets[i] = offsets[i - 1] + lengths[i - 1];
  std::vector<std::uint64_t> all(rank == 0 ? static_cast<std::size_t>(offsets.back() + lengths.back()) : 0);
  PMPI_Gatherv(mine.data(), length, MPI_UINT64_T, all.data(), lengths.data(), offsets.data(), MPI_UINT64_T, 0,
               MPI_COMM_WORLD);
  if (rank != 0) return {};

  std::vector<std::vector<model::ParentTime>> times(names.size());
  for (std::size_t at = 0; at + triple_size <= all.size(); at += triple_size) {
    times[all[at + triple_region]].push_back({names[all[at + triple_parent]], all[at + triple_ns]});
  }
  std::vector<model::RegionParents> out;
  for (const std::vector<model::ParentTime>& region_times : times)
    out.push_back(model::choose_parent(region_times));
  return out;
}

} // namespace tally::profiler::mpi
