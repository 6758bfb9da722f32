// SPDX-License-Identifier: BSD-3-Clause
// The node power profile (power_profile.hpp): its tree checked field by field.
#include "analysis/energy/power_profile.hpp"

#include "tally/model/json_checker.hpp"

namespace tally::analysis::energy {
namespace {

using model::Json;
using model::Pointer;
using model::Presence;

/// A table of watts: each key a required non-negative number.
const Json* watts_table(model::JsonChecker& checker, const Json& root, const char* table, Presence presence,
                        std::initializer_list<std::string_view> keys) {
  const Json* object = checker.object_member(root, Pointer(), table, presence);
  if (object) checker.reject_unknown(*object, Pointer() / table, keys);
  return object;
}

double watts(model::JsonChecker& checker, const Json& table, const char* name, const char* key) {
  return checker.number_in(table, Pointer() / name, key, Presence::required, 0).value_or(0);
}

} // namespace

std::variant<model::NodePowerProfile, std::vector<std::string>> read_power_profile(const Json& root,
                                                                                   const std::string& file) {
  model::Problems problems;
  model::JsonChecker checker(file, problems);
  if (!checker.expect_object(root, Pointer())) return model::to_strings(problems);
  checker.reject_unknown(root, Pointer(), {"schema", "node", "core", "gpu"});
  if (auto schema = checker.string_member(root, Pointer(), "schema", Presence::required);
      schema && *schema != "tally.power/1")
    checker.fail(Pointer("/schema"), "this tally reads tally.power/1, not '" + *schema + "'");
  model::NodePowerProfile profile;
  if (const Json* node = watts_table(checker, root, "node", Presence::required, {"idle_watts"}))
    profile.node_idle_watts = watts(checker, *node, "node", "idle_watts");
  if (const Json* core = watts_table(checker, root, "core", Presence::required, {"useful_watts", "waiting_watts"})) {
    profile.core_useful_watts = watts(checker, *core, "core", "useful_watts");
    profile.core_waiting_watts = watts(checker, *core, "core", "waiting_watts");
  }
  if (const Json* gpu = watts_table(checker, root, "gpu", Presence::optional, {"idle_watts", "busy_watts"})) {
    profile.gpu_idle_watts = watts(checker, *gpu, "gpu", "idle_watts");
    profile.gpu_busy_watts = watts(checker, *gpu, "gpu", "busy_watts");
  }
  if (!problems.empty()) return model::to_strings(problems);
  return profile;
}

} // namespace tally::analysis::energy
