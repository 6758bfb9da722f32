// SPDX-License-Identifier: BSD-3-Clause
// The gate's rules file: TOML and JSON alike, every problem one line `file: /json/pointer: problem`.
#include "gate/rules_file.hpp"

#include <gtest/gtest.h>

namespace tally::gate {
namespace {

using Lines = std::vector<std::string>;

Lines toml_problems(const std::string& text) {
  GateConfig config;
  return read_gate_text(text, false, "gate.toml", config);
}

Lines json_problems(const std::string& text) {
  GateConfig config;
  return read_gate_text(text, true, "gate.json", config);
}

TEST(GateFile, toml_sets_defaults_rules_and_waivers) {
  GateConfig config;
  const auto problems = read_gate_text(R"(
[defaults]
alpha = 0.01
efficiency_tolerance_pp = 3
min_impact_percent = 0.5
[[rules]]
metrics = "elapsed_ns"
regions = "init*"
direction = "ignored"
[[rules]]
metrics = "mpi_calls*"
direction = "lower_is_better"
min_impact_percent = 2
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
  EXPECT_DOUBLE_EQ(config.min_impact_percent, 0.5);
  ASSERT_EQ(config.rules.size(), 2u);
  EXPECT_EQ(config.rules[0].direction, Direction::ignored);
  EXPECT_DOUBLE_EQ(*config.rules[1].min_impact_percent, 2);
  // A direction on a count makes its changes verdicts (rules.hpp).
  EXPECT_EQ(count_rule_for(config, "solve", "mpi_calls_collective").direction, Direction::lower_is_better);
  EXPECT_FALSE(count_rule_for(config, "solve", "mpi_bytes_sent").direction);
  ASSERT_EQ(config.waivers.size(), 1u);
  EXPECT_EQ(config.waivers[0].expires, "2026-06-30");
}

TEST(GateFile, json_has_the_same_meaning) {
  GateConfig config;
  const auto problems = read_gate_text(R"({"defaults": {"relative_tolerance_percent": 10},
    "rules": [{"metrics": "mpi_*", "regions": "[a-z]*", "tolerance_pp": 1}]})",
                                       true, "gate.json", config);
  ASSERT_TRUE(problems.empty()) << problems.front();
  EXPECT_DOUBLE_EQ(config.relative_tolerance_percent, 10);
  EXPECT_DOUBLE_EQ(*config.rules[0].tolerance_pp, 1);
}

TEST(GateFile, problems_name_file_and_pointer_and_leave_the_config_unchanged) {
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
  EXPECT_EQ(problems, (Lines{
                          "gate.toml: /defaults/alpha: expected a number, got a string",
                          "gate.toml: /rules/0/tolerance: unknown field",
                          "gate.toml: /rules/0/direction: must be higher_is_better, lower_is_better or ignored, not "
                          "'sideways'",
                          "gate.toml: /waivers/0/reason: missing required field: say why the change is accepted",
                          "gate.toml: /waivers/0/expires: missing required field: the last day the waiver applies",
                      }));
  EXPECT_TRUE(config.rules.empty());
  EXPECT_DOUBLE_EQ(config.alpha, 0.05);
}

TEST(GateFile, numbers_out_of_range_name_the_range) {
  EXPECT_EQ(toml_problems("[defaults]\nalpha = 2\nrelative_tolerance_percent = -5\n"),
            (Lines{"gate.toml: /defaults/alpha: must be between 0 and 1, not 2",
                   "gate.toml: /defaults/relative_tolerance_percent: must be 0 or more, not -5"}));
  EXPECT_EQ(toml_problems("[[rules]]\nmin_effect = inf\n"),
            (Lines{"gate.toml: /rules/0/min_effect: must be 0 or more, not inf"}));
  EXPECT_EQ(toml_problems("[defaults]\nmin_impact_percent = 120\n"),
            (Lines{"gate.toml: /defaults/min_impact_percent: must be between 0 and 100, not 120"}));
}

TEST(GateFile, wrong_types_and_unknown_keys_are_located) {
  EXPECT_EQ(toml_problems("threshold = 3\nschema = 1\n[[waivers]]\nreason = \"ok\"\nexpires = 07:32:00\n"),
            (Lines{"gate.toml: /threshold: unknown field", "gate.toml: /schema: expected a string, got an integer",
                   "gate.toml: /waivers/0/expires: expected a string, got null"}));
  EXPECT_EQ(json_problems(R"({"rules": {"metrics": "*"}})"),
            (Lines{"gate.json: /rules: expected an array, got an object"}));
  EXPECT_EQ(json_problems(R"({"rules": [3], "defaults": []})"),
            (Lines{"gate.json: /defaults: expected an object, got an array",
                   "gate.json: /rules/0: expected an object, got an integer"}));
  EXPECT_EQ(json_problems(R"([])"), (Lines{"gate.json: /: expected an object, got an array"}));
}

TEST(GateFile, patterns_must_be_strings) {
  EXPECT_EQ(toml_problems("[[rules]]\nmetrics = 3\n[[waivers]]\nregion = [\"a\"]\nreason = \"known\"\n"
                          "expires = 2026-06-30\n"),
            (Lines{"gate.toml: /rules/0/metrics: expected a string, got an integer",
                   "gate.toml: /waivers/0/region: expected a string, got an array"}));
}

TEST(GateFile, waiver_dates_and_reasons_are_checked) {
  EXPECT_EQ(toml_problems("[[waivers]]\nreason = \"\"\nexpires = \"30.06.2026\"\n"),
            (Lines{"gate.toml: /waivers/0/reason: must say why the change is accepted, not be empty",
                   "gate.toml: /waivers/0/expires: must be a date YYYY-MM-DD, not '30.06.2026'"}));
}

TEST(GateFile, syntax_errors_name_the_file_and_the_position) {
  const Lines toml = toml_problems("[defaults\nalpha = 1\n");
  ASSERT_EQ(toml.size(), 1u);
  EXPECT_TRUE(toml[0].starts_with("gate.toml: /: not valid TOML: line 1, column ")) << toml[0];
  const Lines json = json_problems("{\"defaults\": }");
  ASSERT_EQ(json.size(), 1u);
  EXPECT_TRUE(json[0].starts_with("gate.json: /: not valid JSON: ")) << json[0];
}

} // namespace
} // namespace tally::gate
