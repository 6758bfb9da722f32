// SPDX-License-Identifier: BSD-3-Clause
// The scaling-efficiency table and the repetition statistics, against values computed by hand.
#include "analysis/scaling_table.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tally::analysis {
namespace {

using model::MetricId;
using testing::make_run;
using testing::RunShape;

double value_of(const ScalingColumn& column, MetricId metric) {
  const auto& summary = column.metrics[static_cast<std::size_t>(metric)];
  EXPECT_TRUE(summary.has_value()) << model::metric_info(metric).key;
  return summary ? summary->median : -1.0;
}

bool absent(const ScalingColumn& column, MetricId metric) { return !column.metrics[static_cast<std::size_t>(metric)]; }

/// Strong scaling at one commit: 1 rank (reference, counters), 2 ranks in 3 repetitions
/// (counters), 4 ranks without counters.
ingest::RunSet strong_runs() {
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 1}, 1000, 1000, model::CounterRaw{2000, 1000}));
  for (const std::uint64_t elapsed : {600u, 700u, 620u}) {
    runs.runs.push_back(make_run({.ranks = 2}, elapsed, 1100, model::CounterRaw{2200, 1210}));
  }
  runs.runs.push_back(make_run({.ranks = 4}, 400, 1200));
  return runs;
}

TEST(ScalingTable, strong_scaling_matches_hand_computation) {
  const ingest::RunSet runs = strong_runs();
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments.size(), 1u);
  const ScalingTable table = scaling_table(experiments[0], 0, "Global");
  ASSERT_EQ(table.columns.size(), 3u);
  const ScalingColumn& reference = table.columns[0];
  const ScalingColumn& two = table.columns[1];
  const ScalingColumn& four = table.columns[2];

  // The reference against itself: every scaling 1.
  EXPECT_DOUBLE_EQ(value_of(reference, MetricId::computation_scalability), 1.0);
  EXPECT_DOUBLE_EQ(value_of(reference, MetricId::speedup), 1.0);
  EXPECT_DOUBLE_EQ(value_of(reference, MetricId::global_efficiency), 1.0);

  // 2 ranks, repetitions at 600, 620 and 700 ns: medians are those of the 620 ns run.
  EXPECT_EQ(two.repetitions, 3u);
  EXPECT_NEAR(value_of(two, MetricId::parallel_efficiency), 1100.0 / (2 * 620.0), 1e-12);
  EXPECT_NEAR(value_of(two, MetricId::computation_scalability), 1000.0 / 1100.0, 1e-12);
  EXPECT_NEAR(value_of(two, MetricId::global_efficiency), 1100.0 / (2 * 620.0) * 1000.0 / 1100.0, 1e-12);
  EXPECT_NEAR(value_of(two, MetricId::instruction_scaling), 2000.0 / 2200.0, 1e-12);
  EXPECT_NEAR(value_of(two, MetricId::ipc_scaling), (2200.0 / 1210.0) / 2.0, 1e-12);
  EXPECT_NEAR(value_of(two, MetricId::frequency_scaling), 1.1, 1e-12);
  EXPECT_NEAR(value_of(two, MetricId::speedup), 1000.0 / 620.0, 1e-12);
  const auto& spread = two.metrics[static_cast<std::size_t>(MetricId::parallel_efficiency)];
  EXPECT_NEAR(spread->min, 1100.0 / 1400.0, 1e-12);
  EXPECT_NEAR(spread->max, 1100.0 / 1200.0, 1e-12);

  // 4 ranks without counters: the counter metrics are absent (the site shows n/a), the rest is there.
  EXPECT_TRUE(absent(four, MetricId::useful_ipc));
  EXPECT_TRUE(absent(four, MetricId::instruction_scaling));
  EXPECT_NEAR(value_of(four, MetricId::computation_scalability), 1000.0 / 1200.0, 1e-12);
  EXPECT_NEAR(value_of(four, MetricId::speedup), 1000.0 / 400.0, 1e-12);
}

TEST(ScalingTable, weak_scaling_compares_work_per_cpu) {
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.experiment = "weak", .ranks = 1, .scaling = model::Scaling::weak}, 1000, 1000));
  runs.runs.push_back(make_run({.experiment = "weak", .ranks = 4, .scaling = model::Scaling::weak}, 1200, 4400));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments[0].scaling, model::Scaling::weak);
  EXPECT_EQ(experiments[0].scaling_source, "documents");
  const ScalingTable table = scaling_table(experiments[0], 0, "Global");
  const ScalingColumn& four = table.columns[1];
  EXPECT_NEAR(value_of(four, MetricId::computation_scalability), 1000.0 / (4400.0 / 4), 1e-12);
  EXPECT_NEAR(value_of(four, MetricId::speedup), 1000.0 / 1200.0 * 4, 1e-12);
  EXPECT_NEAR(value_of(four, MetricId::parallel_efficiency), 4400.0 / (4 * 1200.0), 1e-12);
}

TEST(ScalingTable, the_scaling_option_overrides_the_documents) {
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 1, .scaling = model::Scaling::weak}, 1000, 1000));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, model::Scaling::strong);
  EXPECT_EQ(experiments[0].scaling, model::Scaling::strong);
  EXPECT_EQ(experiments[0].scaling_source, "option");
}

TEST(RepetitionStatistics, median_of_odd_and_even_counts_and_a_single_repetition) {
  EXPECT_DOUBLE_EQ(median(std::vector{3.0, 1.0, 2.0}), 2.0);
  EXPECT_DOUBLE_EQ(median(std::vector{4.0, 1.0, 3.0, 2.0}), 2.5);
  EXPECT_DOUBLE_EQ(median(std::vector{7.0}), 7.0);

  ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 2}, 500, 800));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const ScalingTable table = scaling_table(group_experiments(runs, axis, std::nullopt)[0], 0, "Global");
  ASSERT_EQ(table.columns.size(), 1u);
  EXPECT_EQ(table.columns[0].repetitions, 1u);
  EXPECT_NEAR(value_of(table.columns[0], MetricId::parallel_efficiency), 800.0 / 1000.0, 1e-12);
}

TEST(ScalingTable, each_cpu_frequency_scales_against_its_own_fewest_resources) {
  // 1 and 2 ranks, each asked for 2 GHz and for 2.4 GHz: four columns, resources first, then
  // frequency. Each frequency is its own study: the 2.4 GHz runs compare with 1 rank at 2.4 GHz.
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 1, .cpu_frequency_khz = 2'000'000}, 1000, 1000));
  runs.runs.push_back(make_run({.ranks = 2, .cpu_frequency_khz = 2'000'000}, 600, 1100));
  runs.runs.push_back(make_run({.ranks = 1, .cpu_frequency_khz = 2'400'000}, 800, 800));
  runs.runs.push_back(make_run({.ranks = 2, .cpu_frequency_khz = 2'400'000}, 520, 1000));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  const ScalingTable table = scaling_table(experiments[0], 0, "Global");
  ASSERT_EQ(table.columns.size(), 4u);
  const std::vector<Configuration>& configurations = experiments[0].configurations;
  EXPECT_EQ(configurations[table.columns[1].configuration].label(), "1 node · 1 rank × 1 thread · 2.4 GHz");
  EXPECT_EQ(configurations[table.columns[2].configuration].label(), "1 node · 2 ranks × 1 thread · 2 GHz");
  // 1 rank at 2.4 GHz is its own reference: 1, where 1 rank at 2 GHz would give 1000 / 800 = 1.25.
  EXPECT_DOUBLE_EQ(value_of(table.columns[1], MetricId::computation_scalability), 1.0);
  EXPECT_DOUBLE_EQ(value_of(table.columns[1], MetricId::speedup), 1.0);
  // 2 ranks at 2 GHz against 1 rank at 2 GHz: useful 1000 / 1100, speedup 1000 / 600.
  EXPECT_NEAR(value_of(table.columns[2], MetricId::computation_scalability), 1000.0 / 1100.0, 1e-12);
  EXPECT_NEAR(value_of(table.columns[2], MetricId::speedup), 1000.0 / 600.0, 1e-12);
  // 2 ranks at 2.4 GHz against 1 rank at 2.4 GHz: useful 800 / 1000, speedup 800 / 520.
  EXPECT_NEAR(value_of(table.columns[3], MetricId::computation_scalability), 0.8, 1e-12);
  EXPECT_NEAR(value_of(table.columns[3], MetricId::speedup), 800.0 / 520.0, 1e-12);
}

TEST(ScalingTable, eight_ranks_on_more_nodes_scale_against_their_fewest_nodes) {
  // 8 ranks on 4, 1 and 2 nodes (given in that order): the columns follow the nodes, and 1 node is
  // the reference. Strong scaling: computation scalability Σ U_ref / Σ U, speedup T_ref / T.
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 8, .nodes = 4}, 300, 2000));
  runs.runs.push_back(make_run({.ranks = 8, .nodes = 1}, 250, 1600));
  runs.runs.push_back(make_run({.ranks = 8, .nodes = 2}, 280, 1800));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  const ScalingTable table = scaling_table(experiments[0], 0, "Global");
  ASSERT_EQ(table.columns.size(), 3u);
  const std::vector<Configuration>& configurations = experiments[0].configurations;
  EXPECT_EQ(configurations[table.columns[0].configuration].label(), "1 node · 8 ranks × 1 thread");
  EXPECT_EQ(configurations[table.columns[1].configuration].key(), "n2-r8-t1-g0");
  EXPECT_EQ(configurations[table.columns[2].configuration].label(), "4 nodes · 8 ranks × 1 thread");
  EXPECT_DOUBLE_EQ(value_of(table.columns[0], MetricId::speedup), 1.0);
  EXPECT_NEAR(value_of(table.columns[1], MetricId::computation_scalability), 1600.0 / 1800.0, 1e-12);
  EXPECT_NEAR(value_of(table.columns[1], MetricId::speedup), 250.0 / 280.0, 1e-12);
  EXPECT_NEAR(value_of(table.columns[2], MetricId::computation_scalability), 0.8, 1e-12);
  EXPECT_NEAR(value_of(table.columns[2], MetricId::speedup), 250.0 / 300.0, 1e-12);
}

TEST(RepetitionStatistics, median_of_more_values_than_fit_on_the_stack) {
  // 1 to 201 (and 1 to 200) in decreasing order, more than the 128 ordered in a copy on the stack:
  // the middle of 201 values is the 101st; of 200, the mean of the 100th and the 101st, 100.5.
  std::vector<double> odd, even;
  for (int value = 201; value >= 1; --value)
    odd.push_back(value);
  for (int value = 200; value >= 1; --value)
    even.push_back(value);
  EXPECT_DOUBLE_EQ(median(odd), 101.0);
  EXPECT_DOUBLE_EQ(median(even), 100.5);
  EXPECT_DOUBLE_EQ(odd.front(), 201.0); // the values themselves are left in their order
}

TEST(CommitOrderWithoutRepository, commits_follow_the_commit_time_not_the_file_order) {
  ingest::RunSet runs;
  runs.runs.push_back(make_run({.commit = "newer", .commit_time = "2026-03-01T00:00:00Z"}, 100, 100));
  runs.runs.push_back(make_run({.commit = "older", .commit_time = "2026-01-01T00:00:00Z"}, 100, 100));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  ASSERT_EQ(axis.commits.size(), 2u);
  EXPECT_EQ(axis.commits[0].sha, "older");
  EXPECT_EQ(axis.commits[1].sha, "newer");
}

} // namespace
} // namespace tally::analysis
