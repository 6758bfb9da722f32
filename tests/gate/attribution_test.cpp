// SPDX-License-Identifier: BSD-3-Clause
// Attribution shares checked against logarithms worked out by hand.
#include "gate/attribution.hpp"

#include <gtest/gtest.h>

namespace tally::gate {
namespace {

using model::MetricId;

model::MetricValues efficiencies(double load_balance, double communication) {
  model::MetricValues out;
  out.set(MetricId::mpi_load_balance, load_balance);
  out.set(MetricId::mpi_communication_efficiency, communication);
  out.set(MetricId::mpi_parallel_efficiency, load_balance * communication);
  out.set(MetricId::parallel_efficiency, load_balance * communication);
  return out;
}

TEST(Attribution, parallel_efficiency_splits_by_log_share_down_to_the_leaves) {
  // Load balance 0.90 -> 0.72 (ratio 0.8, log -0.223144), communication 0.90 -> 0.855 (ratio 0.95,
  // log -0.051293): shares 0.223144 / 0.274437 = 0.81310 and 0.18690.
  const auto parts = attribute(MetricId::parallel_efficiency, efficiencies(0.9, 0.9), efficiencies(0.72, 0.855));
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].name, "MPI parallel efficiency");
  EXPECT_EQ(parts[0].depth, 1);
  EXPECT_NEAR(parts[0].share, 1.0, 1e-12);
  EXPECT_EQ(parts[1].name, "MPI communication efficiency");
  EXPECT_NEAR(parts[1].share, 0.18690, 1e-5);
  EXPECT_EQ(parts[2].name, "MPI load balance");
  EXPECT_EQ(parts[2].depth, 2);
  EXPECT_NEAR(parts[2].share, 0.81310, 1e-5);
}

TEST(Attribution, describe_names_the_region_the_change_and_the_factors) {
  Check check;
  check.region = "timestep";
  check.configuration = analysis::Configuration{1, 4, 1, 0};
  check.metric = MetricId::parallel_efficiency;
  check.rule.tolerance_in_pp = true;
  check.result.baseline_median = 0.81;
  check.result.candidate_median = 0.6156;
  check.result.change = -19.44;
  check.baseline_medians = efficiencies(0.9, 0.9);
  check.candidate_medians = efficiencies(0.72, 0.855);
  EXPECT_EQ(describe(check), "timestep @ 1 node · 4 ranks × 1 thread: parallel efficiency 0.81 \u2192 0.62 "
                             "(\u221219.4 pp); 100% from MPI parallel efficiency (19% MPI communication "
                             "efficiency, 81% MPI load balance)");
}

model::MetricValues timing(double elapsed_ns, double parallel, double instructions, double ipc) {
  model::MetricValues out;
  out.set(MetricId::elapsed_ns, elapsed_ns);
  out.set(MetricId::parallel_efficiency, parallel);
  out.set(MetricId::useful_instructions, instructions);
  out.set(MetricId::useful_ipc, ipc);
  out.set(MetricId::useful_frequency_ghz, 2.5);
  return out;
}

TEST(Attribution, elapsed_time_splits_into_parallel_efficiency_and_computation) {
  // T 1.0 -> 1.2 s (log 0.182322), parallel efficiency 0.8 -> 0.75 (log -0.064539): parallel
  // efficiency explains 0.064539 / 0.182322 = 35.398%, computation (useful time ×1.125, log
  // 0.117783) 64.602%; useful time grew through IPC (1.0 -> 1/1.125), not instructions.
  const auto parts =
      attribute(MetricId::elapsed_ns, timing(1.0e9, 0.8, 1e12, 1.0), timing(1.2e9, 0.75, 1e12, 1 / 1.125));
  ASSERT_EQ(parts.size(), 5u);
  EXPECT_EQ(parts[0].name, "parallel efficiency");
  EXPECT_NEAR(parts[0].share, 0.35398, 1e-5);
  EXPECT_EQ(parts[1].name, "computation (useful time)");
  EXPECT_NEAR(parts[1].share, 0.64602, 1e-5);
  EXPECT_NEAR(parts[2].share, 0.0, 1e-12);    // instructions
  EXPECT_NEAR(parts[3].share, 0.64602, 1e-5); // IPC
  EXPECT_NEAR(parts[4].share, 0.0, 1e-12);    // frequency
}

TEST(Attribution, a_leaf_metric_has_no_factors) {
  EXPECT_TRUE(
      attribute(MetricId::mpi_communication_efficiency, efficiencies(0.9, 0.9), efficiencies(0.9, 0.8)).empty());
}

} // namespace
} // namespace tally::gate
