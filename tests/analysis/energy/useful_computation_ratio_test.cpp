// SPDX-License-Identifier: BSD-3-Clause
// The useful computation ratio per configuration of the scaling table
// (analysis/energy/useful_computation_ratio.hpp), against values computed by hand.
#include "analysis/scaling_table.hpp"

#include "run_factory.hpp"

#include <gtest/gtest.h>

namespace tally::analysis::energy {
namespace {

using testing::make_run;

/// 1 rank (the reference, IPC 2000 / 1000 = 2); 2 ranks in three repetitions of 600, 700 and
/// 620 ns, IPC 2200 / 1210; 4 ranks without counters; 8 ranks, IPC 2400 / 1000 = 2.4, above the
/// reference's.
ScalingTable table_of_four_configurations() {
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 1}, 1000, 1000, model::CounterRaw{2000, 1000}));
  for (const std::uint64_t elapsed : {600u, 700u, 620u})
    runs.runs.push_back(make_run({.ranks = 2}, elapsed, 1100, model::CounterRaw{2200, 1210}));
  runs.runs.push_back(make_run({.ranks = 4}, 400, 1200));
  runs.runs.push_back(make_run({.ranks = 8}, 200, 1200, model::CounterRaw{2400, 1000}));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  return scaling_table(group_experiments(runs, axis, std::nullopt)[0], 0, "Global");
}

TEST(UsefulComputationRatio, IsTheParallelEfficiencyLessTheIpcLostToContention) {
  const ScalingTable table = table_of_four_configurations();
  ASSERT_EQ(table.columns.size(), 4u);
  EXPECT_TRUE(table.has_useful_computation_ratio);
  // The reference: 1000 / (1 × 1000) × min(1, 1) = 1.
  ASSERT_TRUE(table.columns[0].useful_computation_ratio);
  EXPECT_DOUBLE_EQ(table.columns[0].useful_computation_ratio->median, 1.0);
  // 2 ranks, the 620 ns repetition in the middle: 1100 / (2 × 620) × (2200 / 1210) / 2
  // = 1100 / 1240 × 10 / 11 = 1000 / 1240.
  ASSERT_TRUE(table.columns[1].useful_computation_ratio);
  EXPECT_NEAR(table.columns[1].useful_computation_ratio->median, 1000.0 / 1240.0, 1e-12);
  EXPECT_EQ(table.columns[1].useful_computation_ratio->count, 3u);
  // 4 ranks: no counters, so no IPC and no ratio (n/a, never 0).
  EXPECT_FALSE(table.columns[2].useful_computation_ratio);
}

TEST(UsefulComputationRatio, AnIpcAboveTheReferencesAddsNothingToTheUsefulTime) {
  const ScalingTable table = table_of_four_configurations();
  // 8 ranks: parallel efficiency 1200 / (8 × 200) = 0.75; IPC scaling 2.4 / 2 = 1.2, counted as 1.
  ASSERT_TRUE(table.columns[3].useful_computation_ratio);
  EXPECT_DOUBLE_EQ(table.columns[3].useful_computation_ratio->median, 0.75);
}

TEST(UsefulComputationRatio, NoRowWithoutCounters) {
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 1}, 1000, 1000));
  runs.runs.push_back(make_run({.ranks = 2}, 600, 1100));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const ScalingTable table = scaling_table(group_experiments(runs, axis, std::nullopt)[0], 0, "Global");
  EXPECT_FALSE(table.has_useful_computation_ratio);
}

} // namespace
} // namespace tally::analysis::energy
