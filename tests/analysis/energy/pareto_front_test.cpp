// SPDX-License-Identifier: BSD-3-Clause
// The time–energy Pareto front (analysis/energy/pareto_front.hpp) on hand-made configurations.
#include "analysis/energy/pareto_front.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace tally::analysis::energy {
namespace {

using Members = std::vector<std::size_t>;

TEST(ParetoFront, LeavesOutTheConfigurationsAnotherBeatsOnTimeAndEnergy) {
  // 1 node is slow and frugal, 8 nodes fast and costly; 2 nodes takes more time and more energy
  // than 4 nodes, so 4 dominates it; 16 nodes is no faster than 8 and costs more.
  const std::vector<TimeEnergyPoint> points{{"1-node", 100, 20000},
                                            {"2-nodes", 60, 26000},
                                            {"4-nodes", 40, 24000},
                                            {"8-nodes", 25, 30000},
                                            {"16-nodes", 25, 45000}};
  const ParetoFront front = pareto_front(points);
  EXPECT_EQ(front.members, (Members{3, 2, 0}));
  EXPECT_EQ(front.dominated, (Members{4, 1}));
  EXPECT_EQ(front.fastest, 3u);
  EXPECT_EQ(front.least_energy, 0u);
}

TEST(ParetoFront, OneConfigurationBestOnBothIsTheWholeFront) {
  const std::vector<TimeEnergyPoint> points{{"a", 10, 500}, {"b", 12, 600}, {"c", 10, 700}};
  const ParetoFront front = pareto_front(points);
  EXPECT_EQ(front.members, (Members{0}));
  EXPECT_EQ(front.fastest, 0u);
  EXPECT_EQ(front.least_energy, 0u);
}

TEST(ParetoFront, ConfigurationsEqualOnBothAreATieAndAllStay) {
  // a and b are the same point: neither dominates the other. c equals them in energy only and is
  // slower: dominated.
  const std::vector<TimeEnergyPoint> points{{"a", 10, 500}, {"b", 10, 500}, {"c", 11, 500}, {"d", 5, 900}};
  const ParetoFront front = pareto_front(points);
  EXPECT_EQ(front.members, (Members{3, 0, 1}));
  EXPECT_EQ(front.dominated, (Members{2}));
  EXPECT_EQ(front.fastest, 3u);
  EXPECT_EQ(front.least_energy, 0u);
}

TEST(ParetoFront, EqualTimeKeepsOnlyTheLeastEnergy) {
  const std::vector<TimeEnergyPoint> points{{"more", 10, 800}, {"less", 10, 600}};
  EXPECT_EQ(pareto_front(points).members, (Members{1}));
}

TEST(ParetoFront, PointsWithoutAFiniteTimeOrEnergyAreLeftOut) {
  const std::vector<TimeEnergyPoint> points{{"no energy", 1, NAN}, {"negative", 2, -1}, {"ok", 50, 900}};
  const ParetoFront front = pareto_front(points);
  EXPECT_EQ(front.members, (Members{2}));
  EXPECT_TRUE(front.dominated.empty());
  EXPECT_TRUE(pareto_front(std::vector<TimeEnergyPoint>{{"x", INFINITY, 1}}).empty());
  EXPECT_TRUE(pareto_front(std::vector<TimeEnergyPoint>{}).empty());
}

} // namespace
} // namespace tally::analysis::energy
