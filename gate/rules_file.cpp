// SPDX-License-Identifier: BSD-3-Clause
// The configuration file: TOML is converted to JSON first and both are read through
// model::JsonChecker, so the two formats have one meaning and every problem reads
// `file: /json/pointer: problem`. The format is schemas/gate.v1.schema.json.
#include "gate/rules_file.hpp"

#include "tally/model/json_checker.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <variant>

namespace tally::gate {
namespace {

using model::Json;
using model::Pointer;
using model::Presence;

Json to_json(const toml::node& node) {
  if (const auto* table = node.as_table()) {
    Json out = Json::object();
    for (const auto& [key, value] : *table)
      out[std::string(key.str())] = to_json(value);
    return out;
  }
  if (const auto* array = node.as_array()) {
    Json out = Json::array();
    for (const toml::node& value : *array)
      out.push_back(to_json(value));
    return out;
  }
  if (const auto* text = node.as_string()) return text->get();
  if (const auto* integer = node.as_integer()) return integer->get();
  if (const auto* floating = node.as_floating_point()) return floating->get();
  if (const auto* boolean = node.as_boolean()) return boolean->get();
  if (const auto* date = node.as_date()) {
    // Waiver expiry dates may be written as TOML dates (expires = 2026-06-30).
    char text[11];
    std::snprintf(text, sizeof text, "%04d-%02d-%02d", date->get().year % 10000, date->get().month % 100,
                  date->get().day % 100);
    return std::string(text);
  }
  return Json(); // times and date-times: not valid anywhere, reported by the checker as a wrong type
}

std::variant<Json, model::Problems> parse_toml(const std::string& text, const std::string& name) {
  try {
    return to_json(toml::parse(text, name));
  } catch (const toml::parse_error& error) {
    const auto& begin = error.source().begin;
    return model::Problems{{name, "",
                            "not valid TOML: line " + std::to_string(begin.line) + ", column " +
                                std::to_string(begin.column) + ": " + std::string(error.description())}};
  }
}

/// The gate's own check on top of the checker's types: the ranges of numbers.
class GateChecker : public model::JsonChecker {
public:
  using JsonChecker::JsonChecker;

  /// A number in [low, high] (no upper bound without `high`), else nullopt and a problem.
  std::optional<double> number_in(const Json& object, const Pointer& at, const char* key, double low,
                                  std::optional<double> high = std::nullopt) {
    const auto value = number_member(object, at, key, Presence::optional);
    if (!value || (std::isfinite(*value) && *value >= low && (!high || *value <= *high))) return value;
    std::ostringstream text;
    if (high)
      text << "must be between " << low << " and " << *high << ", not " << *value;
    else
      text << "must be " << low << " or more, not " << *value;
    fail(at / key, text.str());
    return std::nullopt;
  }
};

bool is_iso_date(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  return text.substr(5, 2) >= "01" && text.substr(5, 2) <= "12" && text.substr(8, 2) >= "01" &&
         text.substr(8, 2) <= "31";
}

void read_defaults(GateChecker& checker, const Json& root, GateConfig& config) {
  const Json* defaults = checker.object_member(root, Pointer(), "defaults", Presence::optional);
  if (!defaults) return;
  const Pointer at = Pointer() / "defaults";
  checker.reject_unknown(
      *defaults, at,
      {"alpha", "efficiency_tolerance_pp", "relative_tolerance_percent", "min_effect", "min_impact_percent"});
  config.alpha = checker.number_in(*defaults, at, "alpha", 0, 1).value_or(config.alpha);
  config.efficiency_tolerance_pp =
      checker.number_in(*defaults, at, "efficiency_tolerance_pp", 0, 100).value_or(config.efficiency_tolerance_pp);
  config.relative_tolerance_percent =
      checker.number_in(*defaults, at, "relative_tolerance_percent", 0).value_or(config.relative_tolerance_percent);
  config.min_effect = checker.number_in(*defaults, at, "min_effect", 0).value_or(config.min_effect);
  config.min_impact_percent =
      checker.number_in(*defaults, at, "min_impact_percent", 0, 100).value_or(config.min_impact_percent);
}

void read_rules(GateChecker& checker, const Json& root, GateConfig& config) {
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
    rule.tolerance_pp = checker.number_in(entry, at, "tolerance_pp", 0, 100);
    rule.tolerance_percent = checker.number_in(entry, at, "tolerance_percent", 0);
    rule.min_effect = checker.number_in(entry, at, "min_effect", 0);
    rule.min_impact_percent = checker.number_in(entry, at, "min_impact_percent", 0, 100);
    rule.alpha = checker.number_in(entry, at, "alpha", 0, 1);
    config.rules.push_back(std::move(rule));
  }
}

void read_waivers(GateChecker& checker, const Json& root, GateConfig& config) {
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

std::vector<std::string> lines_of(const model::Problems& problems) {
  std::vector<std::string> lines;
  for (const model::Problem& problem : problems)
    lines.push_back(model::to_string(problem));
  return lines;
}

} // namespace

std::vector<std::string> read_gate_text(const std::string& text, bool json, const std::string& name,
                                        GateConfig& config) {
  auto parsed = json ? model::parse_json(text, name) : parse_toml(text, name);
  if (const auto* problems = std::get_if<model::Problems>(&parsed)) return lines_of(*problems);
  const Json& root = std::get<Json>(parsed);
  model::Problems problems;
  GateChecker checker(name, problems);
  if (!checker.expect_object(root, Pointer())) return lines_of(problems);
  checker.reject_unknown(root, Pointer(), {"schema", "defaults", "rules", "waivers"});
  if (auto schema = checker.string_member(root, Pointer(), "schema", Presence::optional);
      schema && *schema != "tally.gate/1")
    checker.fail(Pointer("/schema"), "this tally reads tally.gate/1, not '" + *schema + "'");
  GateConfig read = config;
  read_defaults(checker, root, read);
  read_rules(checker, root, read);
  read_waivers(checker, root, read);
  if (problems.empty()) config = std::move(read);
  return lines_of(problems);
}

std::vector<std::string> read_gate_file(const std::filesystem::path& file, GateConfig& config) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {model::to_string(model::Problem{file.string(), "", "cannot open file"})};
  std::ostringstream text;
  text << in.rdbuf();
  return read_gate_text(text.str(), file.extension() == ".json", file.string(), config);
}

} // namespace tally::gate
