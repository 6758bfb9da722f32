// SPDX-License-Identifier: BSD-3-Clause
// Configurations across nodes and with a CPU frequency: their order, key and label, and runs that
// differ only in the frequency they were asked for grouped as two configurations.
#include "analysis/configuration.hpp"
#include "analysis/experiment.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

namespace tally::analysis {
namespace {

using testing::make_run;

TEST(Configuration, the_same_resources_follow_each_other_by_increasing_frequency_none_said_first) {
  const Configuration none{1, 2, 1, 0, 0};
  const Configuration slow{1, 2, 1, 0, 2'000'000};
  const Configuration fast{1, 2, 1, 0, 2'400'000};
  EXPECT_LT(none, slow);
  EXPECT_LT(slow, fast);
  EXPECT_NE(slow, fast);
  // Resources come first: 2 CPUs at 3 GHz before 4 CPUs at no frequency said.
  EXPECT_LT((Configuration{1, 2, 1, 0, 3'000'000}), (Configuration{1, 4, 1, 0, 0}));
}

TEST(Configuration, a_study_across_nodes_orders_by_cpus_then_by_nodes) {
  // 2 ranks per node on 1, 2, 4 nodes: 2, 4, 8 CPUs, in that order.
  EXPECT_LT((Configuration{1, 2, 1, 0, 0}), (Configuration{2, 4, 1, 0, 0}));
  EXPECT_LT((Configuration{2, 4, 1, 0, 0}), (Configuration{4, 8, 1, 0, 0}));
  // 8 ranks on 1, 2, 4 nodes: the same CPUs, fewer nodes first (the reference of a fixed total).
  EXPECT_LT((Configuration{1, 8, 1, 0, 0}), (Configuration{2, 8, 1, 0, 0}));
  EXPECT_LT((Configuration{2, 8, 1, 0, 0}), (Configuration{4, 8, 1, 0, 0}));
  // CPUs first: 4 ranks on 4 nodes before 8 ranks on 1 node.
  EXPECT_LT((Configuration{4, 4, 1, 0, 0}), (Configuration{1, 8, 1, 0, 0}));
  EXPECT_EQ((Configuration{4, 8, 1, 0, 0}).key(), "n4-r8-t1-g0");
  EXPECT_EQ((Configuration{4, 8, 1, 0, 0}).label(), "4 nodes · 8 ranks × 1 thread");
}

TEST(Configuration, the_key_names_the_frequency_only_when_there_is_one) {
  EXPECT_EQ((Configuration{2, 8, 4, 1, 0}).key(), "n2-r8-t4-g1");
  EXPECT_EQ((Configuration{2, 8, 4, 1, 2'400'000}).key(), "n2-r8-t4-g1-f2400000");
}

TEST(Configuration, the_label_names_the_frequency_in_gigahertz) {
  EXPECT_EQ((Configuration{1, 2, 1, 0, 2'400'000}).label(), "1 node · 2 ranks × 1 thread · 2.4 GHz");
  EXPECT_EQ((Configuration{1, 2, 1, 0, 0}).label(), "1 node · 2 ranks × 1 thread");
}

TEST(Configuration, runs_that_differ_only_in_frequency_are_two_configurations) {
  ingest::RunSet runs;
  // Given in the order 2.4 GHz, none said, 2 GHz, and the two at 2.4 GHz are repetitions of one.
  runs.runs.push_back(make_run({.ranks = 2, .cpu_frequency_khz = 2'400'000}, 800, 1600));
  runs.runs.push_back(make_run({.ranks = 2}, 900, 1600));
  runs.runs.push_back(make_run({.ranks = 2, .cpu_frequency_khz = 2'000'000}, 1000, 1600));
  runs.runs.push_back(make_run({.ranks = 2, .cpu_frequency_khz = 2'400'000}, 810, 1600));
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments.size(), 1u);
  const Experiment& experiment = experiments[0];
  ASSERT_EQ(experiment.configurations.size(), 3u);
  EXPECT_EQ(experiment.configurations[0].cpu_frequency_khz, 0u);
  EXPECT_EQ(experiment.configurations[1].cpu_frequency_khz, 2'000'000u);
  EXPECT_EQ(experiment.configurations[2].cpu_frequency_khz, 2'400'000u);
  EXPECT_EQ(experiment.repetitions(0, 0)->size(), 1u);
  EXPECT_EQ(experiment.repetitions(0, 1)->size(), 1u);
  EXPECT_EQ(experiment.repetitions(0, 2)->size(), 2u);
}

} // namespace
} // namespace tally::analysis
