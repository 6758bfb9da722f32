// SPDX-License-Identifier: BSD-3-Clause
// The collective query's fold without MPI: the records every rank gathers, folded for all ranks
// and for one node, against the metrics computed by hand.
#include "mpi/query_across_ranks.hpp"

#include "tally/model/run_metrics.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tally::profiler::mpi {
namespace {

using model::MetricId;

RankSoFar rank_on(std::uint64_t node_key, std::uint64_t visits, std::uint64_t useful_ns, std::uint64_t mpi_ns) {
  RankSoFar rank;
  rank.node_key = node_key;
  rank.record.visits = visits;
  rank.record.useful_ns = useful_ns;
  rank.record.mpi_ns = mpi_ns;
  rank.record.elapsed_ns = useful_ns + mpi_ns;
  return rank;
}

// Two ranks on node 7 (useful 100 and 150 of 160 ns), one on node 9 (useful 200 of 200, it alone
// offloads), one on node 9 that never entered the region; only rank 0 read counters.
std::vector<RankSoFar> four_ranks() {
  std::vector<RankSoFar> ranks{rank_on(7, 2, 100, 60), rank_on(7, 3, 150, 10), rank_on(9, 1, 200, 0),
                               rank_on(9, 0, 0, 0)};
  ranks[0].counters = 1;
  ranks[2].offload = 1;
  return ranks;
}

TEST(FoldRanks, AllRanksFoldAsTheRunWould) {
  const RanksSoFar folded = fold_ranks(four_ranks(), RankScope::all, 7);
  EXPECT_EQ(folded.ranks, 3u); // the rank that never entered is left out, as at the end of the run
  EXPECT_EQ(folded.nodes, 2u);
  EXPECT_EQ(folded.visits, 6u);
  EXPECT_EQ(folded.raw.elapsed_ns, 200u);
  const model::MetricValues metrics = model::compute_run_metrics(folded.raw);
  // Useful 450 over 3 ranks of 200: 0.75; the busiest rank is never in MPI: communication 1.
  EXPECT_NEAR(*metrics.get(MetricId::mpi_load_balance), 450.0 / (3 * 200), 1e-9);
  EXPECT_NEAR(*metrics.get(MetricId::mpi_communication_efficiency), 1.0, 1e-9);
  // The busiest node is 9 (average 200 against 125): in-node 200/200, across nodes 150/200.
  EXPECT_NEAR(*metrics.get(MetricId::mpi_load_balance_in), 1.0, 1e-9);
  EXPECT_NEAR(*metrics.get(MetricId::mpi_load_balance_out), 150.0 / 200, 1e-9);
  // Offload counts when any rank measured it (no offload time: 1); counters only when all did.
  EXPECT_NEAR(*metrics.get(MetricId::device_offload_efficiency), 1.0, 1e-9);
  EXPECT_FALSE(metrics.has(MetricId::useful_ipc));
  EXPECT_FALSE(metrics.has(MetricId::omp_load_balance));
}

TEST(FoldRanks, OneNodeFoldsOnlyItsRanks) {
  const RanksSoFar folded = fold_ranks(four_ranks(), RankScope::node, 7);
  EXPECT_EQ(folded.ranks, 2u);
  EXPECT_EQ(folded.nodes, 1u);
  EXPECT_EQ(folded.visits, 5u);
  const model::MetricValues metrics = model::compute_run_metrics(folded.raw);
  // Useful 250 over 2 ranks of at most 150, in 160 ns.
  EXPECT_NEAR(*metrics.get(MetricId::mpi_load_balance), 250.0 / (2 * 150), 1e-9);
  EXPECT_NEAR(*metrics.get(MetricId::mpi_communication_efficiency), 150.0 / 160, 1e-9);
  EXPECT_FALSE(metrics.has(MetricId::device_offload_efficiency));
}

TEST(FoldRanks, DeviceCountsAreHipsWhenTheOffloadingRankMeasuredHip) {
  std::vector<RankSoFar> ranks = four_ranks();
  ranks[2].record.counts[model::count_slot::device_runtime_calls] = 12;
  EXPECT_EQ(fold_ranks(ranks, RankScope::all, 7).raw.device_counts->runtime, model::DeviceRuntime::cuda);
  ranks[2].device_runtime = static_cast<std::uint64_t>(model::DeviceRuntime::hip);
  const RanksSoFar folded = fold_ranks(ranks, RankScope::all, 7);
  EXPECT_EQ(folded.raw.device_counts->runtime_calls, 12u);
  EXPECT_EQ(folded.raw.device_counts->runtime, model::DeviceRuntime::hip);
}

TEST(FoldRanks, NoRankInsideGivesNoMetric) {
  const RanksSoFar folded = fold_ranks(std::vector<RankSoFar>{rank_on(7, 0, 0, 0)}, RankScope::all, 7);
  EXPECT_EQ(folded.ranks, 0u);
  EXPECT_FALSE(model::compute_run_metrics(folded.raw).has(MetricId::mpi_load_balance));
}

} // namespace
} // namespace tally::profiler::mpi
