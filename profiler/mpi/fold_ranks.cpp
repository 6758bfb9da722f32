// SPDX-License-Identifier: BSD-3-Clause
// The fold of the collective query's gathered records: nodes numbered by their keys' order, then
// model::RegionFold over the ranks that visited the region.
#include "mpi/query_across_ranks.hpp"

#include <algorithm>
#include <vector>

namespace tally::profiler::mpi {

RanksSoFar fold_ranks(std::span<const RankSoFar> ranks, RankScope scope, std::uint64_t node_key) {
  std::vector<std::uint64_t> nodes;
  for (const RankSoFar& rank : ranks) {
    const bool in_scope = scope == RankScope::all || rank.node_key == node_key;
    if (in_scope && rank.record.visits > 0) nodes.push_back(rank.node_key);
  }
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());

  model::RegionFold fold;
  model::MeasuredGroups measured{true, true, false, true};
  RanksSoFar out;
  for (const RankSoFar& rank : ranks) {
    const auto node = std::lower_bound(nodes.begin(), nodes.end(), rank.node_key);
    if (rank.record.visits == 0 || node == nodes.end() || *node != rank.node_key) continue;
    model::ProcessRecord record = rank.record;
    record.node = static_cast<std::uint64_t>(node - nodes.begin());
    fold.add(record);
    measured.counters = measured.counters && rank.counters != 0;
    measured.openmp = measured.openmp && rank.openmp != 0;
    measured.offload = measured.offload || rank.offload != 0;
    measured.openacc = measured.openacc || rank.openacc != 0;
    measured.device_runtime = std::max(measured.device_runtime, static_cast<model::DeviceRuntime>(rank.device_runtime));
    ++out.ranks;
    out.visits += rank.record.visits;
  }
  if (out.ranks == 0) return out;
  out.nodes = nodes.size();
  out.raw = fold.finish(measured);
  return out;
}

} // namespace tally::profiler::mpi
