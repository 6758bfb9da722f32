// SPDX-License-Identifier: BSD-3-Clause
// Checking the node power profile (analysis/energy/power_profile.hpp): every field, and the
// messages for what is wrong. (TOML reaches it as the same tree: gate/toml_text.hpp.)
#include "analysis/energy/power_profile.hpp"

#include "tally/model/document_io.hpp"

#include <gtest/gtest.h>

namespace tally::analysis::energy {
namespace {

using Lines = std::vector<std::string>;
using Read = std::variant<model::NodePowerProfile, Lines>;

Read read(const std::string& json) {
  return read_power_profile(std::get<model::Json>(model::parse_json(json, "node.json")), "node.json");
}

TEST(PowerProfile, ReadsEveryWatt) {
  const Read profile = read(R"({"schema": "tally.power/1", "node": {"idle_watts": 180},
    "core": {"useful_watts": 7.5, "waiting_watts": 4}, "gpu": {"idle_watts": 60, "busy_watts": 240}})");
  ASSERT_TRUE(std::holds_alternative<model::NodePowerProfile>(profile)) << std::get<Lines>(profile).front();
  EXPECT_EQ(std::get<model::NodePowerProfile>(profile), (model::NodePowerProfile{.node_idle_watts = 180,
                                                                                 .core_useful_watts = 7.5,
                                                                                 .core_waiting_watts = 4,
                                                                                 .gpu_idle_watts = 60,
                                                                                 .gpu_busy_watts = 240}));
}

TEST(PowerProfile, GpusAreOptional) {
  const Read profile = read(
      R"({"schema": "tally.power/1", "node": {"idle_watts": 95}, "core": {"useful_watts": 5, "waiting_watts": 2}})");
  ASSERT_TRUE(std::holds_alternative<model::NodePowerProfile>(profile)) << std::get<Lines>(profile).front();
  EXPECT_EQ(std::get<model::NodePowerProfile>(profile).node_idle_watts, 95);
  EXPECT_FALSE(std::get<model::NodePowerProfile>(profile).gpu_idle_watts);
  EXPECT_FALSE(std::get<model::NodePowerProfile>(profile).gpu_busy_watts);
}

TEST(PowerProfile, NamesEveryFieldThatIsWrong) {
  const Read profile = read(R"({"schema": "tally.power/1", "node": {"idle_watts": -5},
    "core": {"useful_watts": "seven"}, "gpu": {"idle_watts": 60, "busy_watt": 240}})");
  ASSERT_TRUE(std::holds_alternative<Lines>(profile));
  EXPECT_EQ(std::get<Lines>(profile),
            (Lines{"node.json: /node/idle_watts: must be 0 or more, not -5",
                   "node.json: /core/useful_watts: expected a number, got a string",
                   "node.json: /core/waiting_watts: missing required field", "node.json: /gpu/busy_watt: unknown field",
                   "node.json: /gpu/busy_watts: missing required field"}));
}

TEST(PowerProfile, RefusesAnotherSchemaAndAMissingTable) {
  EXPECT_EQ(std::get<Lines>(read(R"({"schema": "tally.power/2", "node": {"idle_watts": 1}})")),
            (Lines{"node.json: /schema: this tally reads tally.power/1, not 'tally.power/2'",
                   "node.json: /core: missing required field"}));
}

} // namespace
} // namespace tally::analysis::energy
