// Rules: defaults from the metric model, overrides by glob, waivers, and the file readers' messages.
#include "gate/rules_file.hpp"

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
  config.rules.push_back({"mpi_*", "*", std::nullopt, 1.0, std::nullopt, std::nullopt, std::nullopt});
  config.rules.push_back({"*", "io_*", Direction::ignored, std::nullopt, 20.0, std::nullopt, 0.01});
  EXPECT_DOUBLE_EQ(rule_for(config, "timestep", MetricId::mpi_load_balance).tolerance, 1.0);
  EXPECT_DOUBLE_EQ(rule_for(config, "timestep", MetricId::parallel_efficiency).tolerance, 2.0);
  EXPECT_EQ(rule_for(config, "io_write", MetricId::mpi_load_balance).direction, Direction::ignored);
  EXPECT_DOUBLE_EQ(rule_for(config, "io_write", MetricId::elapsed_ns).tolerance, 20.0);
  EXPECT_DOUBLE_EQ(rule_for(config, "io_write", MetricId::elapsed_ns).alpha, 0.01);
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

TEST(GateFile, toml_sets_defaults_rules_and_waivers) {
  GateConfig config;
  const auto problems = read_gate_text(R"(
[defaults]
alpha = 0.01
efficiency_tolerance_pp = 3
[[rules]]
metrics = "elapsed_ns"
regions = "init*"
direction = "ignored"
[[waivers]]
region = "timestep"
metric = "mpi_load_balance"
reason = "accepted"
expires = 2026-06-30
)",
                                       false, "gate.toml", config);
  ASSERT_TRUE(problems.empty()) << problems.front();
  EXPECT_DOUBLE_EQ(config.alpha, 0.01);
  EXPECT_DOUBLE_EQ(config.efficiency_tolerance_pp, 3);
  ASSERT_EQ(config.rules.size(), 1u);
  EXPECT_EQ(config.rules[0].direction, Direction::ignored);
  ASSERT_EQ(config.waivers.size(), 1u);
  EXPECT_EQ(config.waivers[0].expires, "2026-06-30");
}

TEST(GateFile, json_has_the_same_meaning) {
  GateConfig config;
  const auto problems = read_gate_text(R"({"defaults": {"relative_tolerance_percent": 10},
    "rules": [{"metrics": "mpi_*", "tolerance_pp": 1}]})",
                                       true, "gate.json", config);
  ASSERT_TRUE(problems.empty()) << problems.front();
  EXPECT_DOUBLE_EQ(config.relative_tolerance_percent, 10);
  EXPECT_DOUBLE_EQ(*config.rules[0].tolerance_pp, 1);
}

TEST(GateFile, problems_name_file_and_key_and_leave_the_config_unchanged) {
  GateConfig config;
  const auto problems = read_gate_text(R"(
[defaults]
alpha = "high"
[[rules]]
direction = "sideways"
tolerance = 3
[[waivers]]
region = "x"
)",
                                       false, "gate.toml", config);
  ASSERT_EQ(problems.size(), 5u);
  EXPECT_EQ(problems[0], "gate.toml: defaults.alpha: must be a number");
  EXPECT_EQ(problems[1], "gate.toml: rules[0].tolerance: unknown key");
  EXPECT_EQ(problems[2],
            "gate.toml: rules[0].direction: must be higher_is_better, lower_is_better or ignored, not 'sideways'");
  EXPECT_EQ(problems[3], "gate.toml: waivers[0].reason: required: say why the change is accepted");
  EXPECT_EQ(problems[4], "gate.toml: waivers[0].expires: required: the last day the waiver applies");
  EXPECT_TRUE(config.rules.empty());
  EXPECT_DOUBLE_EQ(config.alpha, 0.05);
}

TEST(GateFile, toml_syntax_errors_name_line_and_column) {
  GateConfig config;
  const auto problems = read_gate_text("[defaults\nalpha = 1\n", false, "gate.toml", config);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_TRUE(problems[0].starts_with("gate.toml: line 1, column ")) << problems[0];
}

} // namespace
} // namespace tally::gate
