// SPDX-License-Identifier: BSD-3-Clause
// Reduction of per-process region records into run aggregates: the transport of the fold
// (model/region_fold.hpp) across ranks. Every rank contributes its fold's fixed-size arrays
// (fold_arrays.hpp: a few integers per region); only the union of region names travels as text.
// What rank 0 holds grows with the regions, not the ranks (README.md, "Scale of the end of run").
#include "mpi/reduction.hpp"

#include "mpi/device_reduction.hpp"
#include "mpi/energy_reduction.hpp"
#include "mpi/fold_arrays.hpp"
#include "mpi/node_map.hpp"
#include "mpi/pmpi_weak.hpp"
#include "mpi/share_merges.hpp"
#include "mpi/timeline_reduction.hpp"
#include "mpi/tree_merge.hpp"
#include "mpi/tree_reduction.hpp"

#include "tally/model/region_fold.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace tally::profiler::mpi {
namespace {

/// The run's region names on every rank: merged up the tree, then broadcast; Global first, then
/// the user's regions by name (the order the document and every index below follow).
std::vector<std::string> union_of_names(const std::vector<std::string>& local, MPI_Comm tree) {
  const std::string merged = merge_up_tree(pack_names({local.begin(), local.end()}), tree, merge_names);
  std::set<std::string> names = unpack_names(broadcast_from_root(merged, MPI_COMM_WORLD));
  std::vector<std::string> ordered;
  if (names.erase("Global")) ordered.emplace_back("Global");
  ordered.insert(ordered.end(), names.begin(), names.end());
  return ordered;
}

/// On world rank 0, each region's busiest node and node count (fold_arrays.hpp): the shares summed
/// within each node, then the leaders' compared up the tree.
std::vector<std::uint64_t> busiest_node_shares(const std::vector<std::uint64_t>& mine, const NodeMap& nodes) {
  std::vector<std::uint64_t> this_node(mine.size(), 0);
  PMPI_Reduce(mine.data(), this_node.data(), static_cast<int>(mine.size()), MPI_UINT64_T, MPI_SUM, 0, nodes.node);
  if (nodes.leaders == MPI_COMM_NULL) return {};
  const MergeShares merge = [](const std::string& lower, const std::string& higher) {
    return pack_integers(merge_busiest(unpack_integers(lower), unpack_integers(higher)));
  };
  return unpack_integers(merge_up_tree(pack_integers(busiest_of_node(this_node)), nodes.leaders, merge));
}

std::string library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int length = 0;
  PMPI_Get_library_version(text, &length);
  return std::string(text, static_cast<std::size_t>(std::max(length, 0)));
}

/// "Open MPI v4.1.4, package: ..." -> {"Open MPI", "4.1.4"}; "MPICH Version: 4.0.2 ..." -> {"MPICH", "4.0.2"}.
std::pair<std::string, std::string> split_library_version(const std::string& text) {
  const std::string first_line = text.substr(0, text.find('\n'));
  for (const std::string marker : {" v", " Version:", " version "}) {
    const auto at = first_line.find(marker);
    if (at == std::string::npos) continue;
    const auto begin = first_line.find_first_not_of(" \t", at + marker.size());
    const auto end = first_line.find_first_of(", \t", begin);
    return {first_line.substr(0, at), first_line.substr(begin, end - begin)};
  }
  return {first_line, ""};
}

// The opt-in per-rank detail: one record per rank and region, gathered on rank 0.
enum RankField { rank_node, rank_visits, rank_elapsed, rank_useful, rank_mpi, rank_offload, rank_field_count };

std::vector<std::uint64_t> gather_per_rank(const std::vector<const ProcessRegion*>& regions, std::uint64_t node,
                                           int rank, int size) {
  std::vector<std::uint64_t> mine(regions.size() * rank_field_count, 0);
  for (std::size_t r = 0; r < regions.size(); ++r) {
    std::uint64_t* field = &mine[r * rank_field_count];
    field[rank_node] = node;
    if (!regions[r]) continue;
    field[rank_visits] = regions[r]->visits;
    field[rank_elapsed] = regions[r]->elapsed_ns;
    field[rank_useful] = regions[r]->useful_ns;
    field[rank_mpi] = regions[r]->mpi_ns;
    field[rank_offload] = regions[r]->offload_ns;
  }
  std::vector<std::uint64_t> all(rank == 0 ? mine.size() * static_cast<std::size_t>(size) : 0);
  PMPI_Gather(mine.data(), static_cast<int>(mine.size()), MPI_UINT64_T, all.data(), static_cast<int>(mine.size()),
              MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return all;
}

std::vector<model::RankRecord> rank_records(const std::vector<std::uint64_t>& all, std::size_t region,
                                            std::size_t region_count, bool offload) {
  std::vector<model::RankRecord> out;
  const std::size_t ranks = all.size() / (region_count * rank_field_count);
  for (std::size_t rank = 0; rank < ranks; ++rank) {
    const std::uint64_t* field = &all[(rank * region_count + region) * rank_field_count];
    if (field[rank_visits] == 0) continue;
    model::RankRecord record{
        rank,        field[rank_node], field[rank_visits], field[rank_elapsed], field[rank_useful], field[rank_mpi],
        std::nullopt};
    if (offload) record.offload_ns = field[rank_offload];
    out.push_back(record);
  }
  return out;
}

} // namespace

std::optional<RunAggregates> reduce_across_ranks(const ProcessSummary& summary, const Options& options) {
  int rank = 0, size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  NodeMap nodes = map_nodes(options.ranks_per_node);
  // The world's ranks for the trees' messages alone, which can then match none of the program's.
  // Collectives stay on MPI_COMM_WORLD, whose collective resources the MPI has already set up.
  MPI_Comm tree = MPI_COMM_NULL;
  PMPI_Comm_dup(MPI_COMM_WORLD, &tree);

  const std::vector<std::string> names = union_of_names(summary.names, tree);
  const std::size_t region_count = names.size();
  std::map<std::string, std::size_t> local_index;
  for (std::size_t i = 0; i < summary.names.size(); ++i)
    local_index[summary.names[i]] = i;

  // This rank's fold of each region as flat arrays (fold_arrays.hpp), which MPI reduces element
  // by element: sums with MPI_SUM, maxima with MPI_MAX, node shares summed within the node.
  std::vector<const ProcessRegion*> mine(region_count, nullptr);
  std::vector<const model::ProcessRecord*> records(region_count, nullptr);
  for (std::size_t r = 0; r < region_count; ++r) {
    const auto found = local_index.find(names[r]);
    if (found == local_index.end() || summary.regions[found->second].visits == 0) continue;
    mine[r] = &summary.regions[found->second];
    records[r] = mine[r];
  }
  const FoldArrays local = pack_folds(records, nodes.node_index);
  // Counters, OpenMP and MPI must be measured on every rank for their group to be reported.
  // Offload and OpenACC on any: a rank that never initialised CUDA, or ran no OpenACC construct,
  // spent no time in them.
  int flags[3] = {summary.counters ? 1 : 0, summary.openmp_measured ? 1 : 0, summary.mpi_measured ? 1 : 0};
  int all_flags[3] = {};
  PMPI_Reduce(flags, all_flags, 3, MPI_INT, MPI_MIN, 0, MPI_COMM_WORLD);
  int any_flags_mine[3] = {summary.offload_measured ? 1 : 0, summary.openacc_measured ? 1 : 0,
                           static_cast<int>(summary.device_runtime)};
  int any_flags[3] = {};
  PMPI_Reduce(any_flags_mine, any_flags, 3, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);

  std::vector<std::uint64_t> total_sums(rank == 0 ? local.sums.size() : 0);
  std::vector<std::uint64_t> total_maxima(rank == 0 ? local.maxima.size() : 0);
  PMPI_Reduce(local.sums.data(), total_sums.data(), static_cast<int>(local.sums.size()), MPI_UINT64_T, MPI_SUM, 0,
              MPI_COMM_WORLD);
  PMPI_Reduce(local.maxima.data(), total_maxima.data(), static_cast<int>(local.maxima.size()), MPI_UINT64_T, MPI_MAX, 0,
              MPI_COMM_WORLD);

  const std::vector<std::uint64_t> busiest = busiest_node_shares(local.node_shares, nodes);
  const std::vector<std::uint64_t> per_rank =
      options.per_rank ? gather_per_rank(mine, nodes.node_index, rank, size) : std::vector<std::uint64_t>{};
  const std::vector<std::optional<model::DeviceRaw>> devices =
      reduce_devices(mine, nodes, static_cast<std::uint64_t>(rank));
  std::vector<model::RegionParents> parents = reduce_parents(summary, names, rank, tree);
  const auto global = local_index.find("Global");
  // Busy: useful, or driving a GPU from inside its runtime: a node whose ranks offload is not idle.
  const model::ProcessRecord* global_record = global == local_index.end() ? nullptr : &summary.regions[global->second];
  const std::uint64_t global_busy = global_record ? global_record->useful_ns + global_record->offload_ns : 0;
  std::optional<model::Timeline> timeline = reduce_timeline(summary.timeline, global_busy, nodes, rank);
  RunEnergy energy = reduce_energy(summary.energy, mine, rank, tree);
  const std::string version_text = rank == 0 ? library_version() : "";
  const std::vector<std::string> hosts = nodes.hosts;
  const std::uint64_t node_count = nodes.node_count;
  free_node_map(nodes);
  PMPI_Comm_free(&tree);
  if (rank != 0) return std::nullopt;

  RunAggregates out;
  std::tie(out.mpi_library, out.mpi_version) = split_library_version(version_text);
  out.resources = run_resources(node_count, static_cast<std::uint64_t>(size), hosts);
  out.timeline = std::move(timeline);
  out.energy = std::move(energy.sensors);
  const model::MeasuredGroups measured{all_flags[0] != 0, all_flags[1] != 0,
                                       any_flags[0] != 0, all_flags[2] != 0,
                                       any_flags[1] != 0, static_cast<model::DeviceRuntime>(any_flags[2])};
  const std::vector<model::RegionFold> folds = unpack_folds(total_sums, total_maxima, busiest, region_count);
  for (std::size_t r = 0; r < region_count; ++r) {
    const model::RegionFold& fold = folds[r];
    if (fold.empty()) continue;
    model::RegionRaw raw = fold.finish(measured);
    raw.device = devices[r];
    out.regions.push_back({names[r], fold.sums[model::RegionFold::visits], raw, {}, {}});
    out.regions.back().energy = std::move(energy.regions[r]);
    out.regions.back().parent = std::move(parents[r].parent);
    out.regions.back().other_parents = std::move(parents[r].others);
    if (options.per_rank)
      out.regions.back().per_rank = rank_records(per_rank, r, region_count, measured.offload || measured.openacc);
  }
  add_region_resources(out.resources, out.regions);
  return out;
}

} // namespace tally::profiler::mpi
