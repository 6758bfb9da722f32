// SPDX-License-Identifier: BSD-3-Clause
// Rules: defaults from the metric model, overrides by glob, waivers.
#include "gate/rules.hpp"

#include <gtest/gtest.h>

namespace tally::gate {
namespace {

using model::MetricId;

TEST(Rules, defaults_follow_the_metric_model_without_a_file) {
  const GateConfig config;
  const CheckRule efficiency = rule_for(config, "timestep", MetricId::mpi_load_balance);
  EXPECT_EQ(efficiency.direction, Direction::higher_is_better);
  EXPECT_TRUE(efficiency.tolerance_in_pp);
  EXPECT_DOUBLE_EQ(efficiency.tolerance, 2.0);
  const CheckRule time = rule_for(config, "timestep", MetricId::elapsed_ns);
  EXPECT_EQ(time.direction, Direction::lower_is_better);
  EXPECT_FALSE(time.tolerance_in_pp);
  EXPECT_DOUBLE_EQ(time.tolerance, 5.0);
  EXPECT_DOUBLE_EQ(time.alpha, 0.05);
  EXPECT_EQ(rule_for(config, "timestep", MetricId::speedup).direction, Direction::ignored);
}

TEST(Rules, later_matching_rules_win_and_others_do_not_apply) {
  GateConfig config;
  config.rules.push_back({"mpi_*", "*", std::nullopt, 1.0, std::nullopt, std::nullopt, 2.0, std::nullopt});
  config.rules.push_back({"*", "io_*", Direction::ignored, std::nullopt, 20.0, std::nullopt, std::nullopt, 0.01});
  EXPECT_DOUBLE_EQ(rule_for(config, "timestep", MetricId::mpi_load_balance).tolerance, 1.0);
  EXPECT_DOUBLE_EQ(rule_for(config, "timestep", MetricId::parallel_efficiency).tolerance, 2.0);
  EXPECT_EQ(rule_for(config, "io_write", MetricId::mpi_load_balance).direction, Direction::ignored);
  EXPECT_DOUBLE_EQ(rule_for(config, "io_write", MetricId::elapsed_ns).tolerance, 20.0);
  EXPECT_DOUBLE_EQ(rule_for(config, "io_write", MetricId::elapsed_ns).alpha, 0.01);
  EXPECT_DOUBLE_EQ(rule_for(config, "timestep", MetricId::mpi_load_balance).min_impact_percent, 2.0);
  EXPECT_DOUBLE_EQ(rule_for(config, "timestep", MetricId::elapsed_ns).min_impact_percent, 0.05);
}

TEST(Waivers, match_region_metric_and_commit_prefix_until_the_expiry_day) {
  const std::vector<Waiver> waivers{{"time*", "mpi_load_balance", "abc123", "new decomposition", "2026-03-01"}};
  EXPECT_TRUE(match_waivers(waivers, "timestep", MetricId::mpi_load_balance, "abc123ff", "2026-03-01").active);
  EXPECT_TRUE(match_waivers(waivers, "timestep", MetricId::mpi_load_balance, "abc1", "2026-01-01").active);
  EXPECT_FALSE(match_waivers(waivers, "timestep", MetricId::mpi_load_balance, "def456", "2026-01-01").active);
  EXPECT_FALSE(match_waivers(waivers, "solve", MetricId::mpi_load_balance, "abc123", "2026-01-01").active);
  const WaiverMatch late = match_waivers(waivers, "timestep", MetricId::mpi_load_balance, "abc123", "2026-03-02");
  EXPECT_FALSE(late.active);
  EXPECT_TRUE(late.expired);
}

} // namespace
} // namespace tally::gate
