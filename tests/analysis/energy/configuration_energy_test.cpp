// SPDX-License-Identifier: BSD-3-Clause
// Each configuration's time and estimated energy (analysis/energy/configuration_energy.hpp) on an
// experiment built here, the joules computed by hand.
#include "analysis/energy/configuration_energy.hpp"

#include "run_factory.hpp"

#include <gtest/gtest.h>

namespace tally::analysis::energy {
namespace {

using testing::make_run;
using testing::RunShape;

constexpr std::uint64_t ms = 1'000'000;

TEST(ConfigurationEnergy, EachConfigurationsMedianRepetitionAndItsEstimate) {
  ingest::RunSet runs;
  // 1 rank: three repetitions of 3.0, 2.0 and 2.5 s with 1.6 s of useful time each; 4 ranks on 2
  // nodes: one repetition of 1.0 s with 3.2 s of useful time over the ranks (0.8 s each).
  for (const std::uint64_t elapsed : {3000 * ms, 2000 * ms, 2500 * ms})
    runs.runs.push_back(make_run(RunShape{.ranks = 1}, elapsed, 1600 * ms));
  runs.runs.push_back(make_run(RunShape{.ranks = 4, .nodes = 2}, 1000 * ms, 3200 * ms));
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

} // namespace
} // namespace tally::analysis::energy
