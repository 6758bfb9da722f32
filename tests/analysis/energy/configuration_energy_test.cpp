// SPDX-License-Identifier: BSD-3-Clause
// Each configuration's time and estimated energy (analysis/energy/configuration_energy.hpp) on an
// experiment built here, the joules computed by hand.
#include "analysis/energy/configuration_energy.hpp"

#include "estimate_runs.hpp"

#include <gtest/gtest.h>

namespace tally::analysis::energy {
namespace {

TEST(ConfigurationEnergy, EachConfigurationsMedianRepetitionAndItsEstimate) {
  const ingest::RunSet runs = testing_runs::one_rank_three_times_and_four_ranks_once();
  const auto axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments.size(), 1u);
  const model::NodePowerProfile profile{.node_idle_watts = 200, .core_useful_watts = 10, .core_waiting_watts = 4};
  const std::vector<TimeEnergyPoint> points = time_energy_points(experiments[0], 0, "Global", Source::model, &profile);
  ASSERT_EQ(points.size(), 2u);
  // 1 rank, the 2.5 s repetition: 1 × 2.5 × 200 + 1.6 × 10 + 0.9 × 4 = 500 + 16 + 3.6 J.
  EXPECT_EQ(points[0].configuration, experiments[0].configurations[0].label());
  EXPECT_DOUBLE_EQ(points[0].seconds, 2.5);
  EXPECT_NEAR(points[0].joules, 519.6, 1e-9);
  // 4 ranks on 2 nodes: 2 × 1.0 × 200 + 3.2 × 10 + (4 × 1.0 - 3.2) × 4 = 400 + 32 + 3.2 J.
  EXPECT_DOUBLE_EQ(points[1].seconds, 1.0);
  EXPECT_NEAR(points[1].joules, 435.2, 1e-9);
}

TEST(ConfigurationEnergy, RunsThatDifferOnlyInFrequencyAreTwoPointsNamedByIt) {
  // One rank asked for 2 GHz (2 s) and for 2.4 GHz (1.5 s), 1 s useful each: the front chooses
  // between them. Model: 1 node × seconds × 200 W + 1 s × 10 W + (seconds - 1 s) × 4 W.
  constexpr std::uint64_t ms = 1'000'000;
  ingest::RunSet runs;
  runs.runs.push_back(testing::make_run({.ranks = 1, .cpu_frequency_khz = 2'400'000}, 1500 * ms, 1000 * ms));
  runs.runs.push_back(testing::make_run({.ranks = 1, .cpu_frequency_khz = 2'000'000}, 2000 * ms, 1000 * ms));
  const auto axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  const model::NodePowerProfile profile{.node_idle_watts = 200, .core_useful_watts = 10, .core_waiting_watts = 4};
  const std::vector<TimeEnergyPoint> points = time_energy_points(experiments[0], 0, "Global", Source::model, &profile);
  ASSERT_EQ(points.size(), 2u);
  // 2 GHz first: 400 + 10 + 4 = 414 J; 2.4 GHz: 300 + 10 + 2 = 312 J.
  EXPECT_EQ(points[0].configuration, "1 node · 1 rank × 1 thread · 2 GHz");
  EXPECT_DOUBLE_EQ(points[0].seconds, 2.0);
  EXPECT_NEAR(points[0].joules, 414.0, 1e-9);
  EXPECT_EQ(points[1].configuration, "1 node · 1 rank × 1 thread · 2.4 GHz");
  EXPECT_DOUBLE_EQ(points[1].seconds, 1.5);
  EXPECT_NEAR(points[1].joules, 312.0, 1e-9);
}

} // namespace
} // namespace tally::analysis::energy
