// SPDX-License-Identifier: BSD-3-Clause
// The configuration file: TOML is converted to JSON first and both are read through
// model::JsonChecker, so the two formats have one meaning and every problem reads
// `file: /json/pointer: problem`. The format is schemas/gate.v1.schema.json.
#include "gate/rules_file.hpp"

#include "gate/toml_text.hpp"
#include "tally/model/json_checker.hpp"

#include <variant>

namespace tally::gate {
namespace {

using model::Json;
using model::Pointer;
using model::Presence;

bool is_iso_date(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  return text.substr(5, 2) >= "01" && text.substr(5, 2) <= "12" && text.substr(8, 2) >= "01" &&
         text.substr(8, 2) <= "31";
}

void read_defaults(model::JsonChecker& checker, const Json& root, GateConfig& config) {
  const Json* defaults = checker.object_member(root, Pointer(), "defaults", Presence::optional);
  if (!defaults) return;
  const Pointer at = Pointer() / "defaults";
  checker.reject_unknown(
      *defaults, at,
      {"alpha", "efficiency_tolerance_pp", "relative_tolerance_percent", "min_effect", "min_impact_percent"});
  config.alpha = checker.number_in(*defaults, at, "alpha", Presence::optional, 0, 1).value_or(config.alpha);
  config.efficiency_tolerance_pp =
      checker.number_in(*defaults, at, "efficiency_tolerance_pp", Presence::optional, 0, 100)
          .value_or(config.efficiency_tolerance_pp);
  config.relative_tolerance_percent =
      checker.number_in(*defaults, at, "relative_tolerance_percent", Presence::optional, 0)
          .value_or(config.relative_tolerance_percent);
  config.min_effect = checker.number_in(*defaults, at, "min_effect", Presence::optional, 0).value_or(config.min_effect);
  config.min_impact_percent = checker.number_in(*defaults, at, "min_impact_percent", Presence::optional, 0, 100)
                                  .value_or(config.min_impact_percent);
}

void read_rules(model::JsonChecker& checker, const Json& root, GateConfig& config) {
  const Json* rules = checker.array_member(root, Pointer(), "rules", Presence::optional);
  for (std::size_t i = 0; rules && i < rules->size(); ++i) {
    const Pointer at = Pointer() / "rules" / i;
    const Json& entry = (*rules)[i];
    if (!checker.expect_object(entry, at)) continue;
    checker.reject_unknown(entry, at,
                           {"metrics", "regions", "direction", "tolerance_pp", "tolerance_percent", "min_effect",
                            "min_impact_percent", "alpha"});
    RuleOverride rule;
    rule.metrics = checker.string_member(entry, at, "metrics", Presence::optional).value_or("*");
    rule.regions = checker.string_member(entry, at, "regions", Presence::optional).value_or("*");
    if (auto direction = checker.string_member(entry, at, "direction", Presence::optional)) {
      rule.direction = direction_from_string(*direction);
      if (!rule.direction)
        checker.fail(at / "direction",
                     "must be higher_is_better, lower_is_better or ignored, not '" + *direction + "'");
    }
    rule.tolerance_pp = checker.number_in(entry, at, "tolerance_pp", Presence::optional, 0, 100);
    rule.tolerance_percent = checker.number_in(entry, at, "tolerance_percent", Presence::optional, 0);
    rule.min_effect = checker.number_in(entry, at, "min_effect", Presence::optional, 0);
    rule.min_impact_percent = checker.number_in(entry, at, "min_impact_percent", Presence::optional, 0, 100);
    rule.alpha = checker.number_in(entry, at, "alpha", Presence::optional, 0, 1);
    config.rules.push_back(std::move(rule));
  }
}

void read_waivers(model::JsonChecker& checker, const Json& root, GateConfig& config) {
  const Json* waivers = checker.array_member(root, Pointer(), "waivers", Presence::optional);
  for (std::size_t i = 0; waivers && i < waivers->size(); ++i) {
    const Pointer at = Pointer() / "waivers" / i;
    const Json& entry = (*waivers)[i];
    if (!checker.expect_object(entry, at)) continue;
    checker.reject_unknown(entry, at, {"region", "metric", "commit", "reason", "expires"});
    Waiver waiver;
    waiver.region = checker.string_member(entry, at, "region", Presence::optional).value_or("*");
    waiver.metric = checker.string_member(entry, at, "metric", Presence::optional).value_or("*");
    waiver.commit = checker.string_member(entry, at, "commit", Presence::optional).value_or("");
    // A waiver must say why and until when, so that acknowledged regressions do not pile up.
    const auto reason = checker.string_member(entry, at, "reason", Presence::optional);
    if (!entry.contains("reason"))
      checker.fail(at / "reason", "missing required field: say why the change is accepted");
    else if (reason && reason->empty())
      checker.fail(at / "reason", "must say why the change is accepted, not be empty");
    waiver.reason = reason.value_or("");
    const auto expires = checker.string_member(entry, at, "expires", Presence::optional);
    if (!entry.contains("expires"))
      checker.fail(at / "expires", "missing required field: the last day the waiver applies");
    else if (expires && !is_iso_date(*expires))
      checker.fail(at / "expires", "must be a date YYYY-MM-DD, not '" + *expires + "'");
    waiver.expires = expires.value_or("");
    config.waivers.push_back(std::move(waiver));
  }
}

std::vector<std::string> read_gate_tree(const Json& root, const std::string& name, GateConfig& config) {
  model::Problems problems;
  model::JsonChecker checker(name, problems);
  if (!checker.expect_object(root, Pointer())) return model::to_strings(problems);
  checker.reject_unknown(root, Pointer(), {"schema", "defaults", "rules", "waivers"});
  if (auto schema = checker.string_member(root, Pointer(), "schema", Presence::optional);
      schema && *schema != "tally.gate/1")
    checker.fail(Pointer("/schema"), "this tally reads tally.gate/1, not '" + *schema + "'");
  GateConfig read = config;
  read_defaults(checker, root, read);
  read_rules(checker, root, read);
  read_waivers(checker, root, read);
  if (problems.empty()) config = std::move(read);
  return model::to_strings(problems);
}

} // namespace

std::vector<std::string> read_gate_text(const std::string& text, bool json, const std::string& name,
                                        GateConfig& config) {
  const auto parsed = json ? model::parse_json(text, name) : parse_toml(text, name);
  if (const auto* problems = std::get_if<model::Problems>(&parsed)) return model::to_strings(*problems);
  return read_gate_tree(std::get<Json>(parsed), name, config);
}

std::vector<std::string> read_gate_file(const std::filesystem::path& file, GateConfig& config) {
  const auto parsed = load_json_or_toml(file);
  if (const auto* problems = std::get_if<model::Problems>(&parsed)) return model::to_strings(*problems);
  return read_gate_tree(std::get<model::Json>(parsed), file.string(), config);
}

} // namespace tally::gate
