// SPDX-License-Identifier: BSD-3-Clause
// Checking a node power profile (tally.power/1) for the model estimate of energy
// (model/energy_estimate.hpp). The fields are in analysis/energy/README.md. The file is TOML or
// JSON; the command reads it into a JSON tree (gate/toml_text.hpp), this checks the tree.
#pragma once

#include "tally/model/energy_estimate.hpp"
#include "tally/model/json_checker.hpp"

#include <string>
#include <variant>
#include <vector>

namespace tally::analysis::energy {

/// The profile in `tree`, or one `file: /json/pointer: problem` line per problem (`file` names it).
std::variant<model::NodePowerProfile, std::vector<std::string>> read_power_profile(const model::Json& tree,
                                                                                   const std::string& file);

} // namespace tally::analysis::energy
