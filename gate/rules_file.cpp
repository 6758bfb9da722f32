// The configuration file: TOML is converted to JSON first, so one reader gives both formats
// the same meaning and the same messages. The format is schemas/gate.v1.schema.json.
#include "gate/rules_file.hpp"

#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include <fstream>
#include <sstream>

namespace tally::gate {
namespace {

using Json = nlohmann::json;

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
  return Json(); // times and date-times: not valid anywhere, reported by the reader as a wrong type
}

/// Reads the members of one JSON object, collecting `name: key: problem` lines.
class Reader {
public:
  Reader(std::string name, std::vector<std::string>& problems) : name_(std::move(name)), problems_(problems) {}

  void problem(const std::string& key, const std::string& text) {
    problems_.push_back(name_ + ": " + key + ": " + text);
  }

  void unknown_keys(const Json& object, const std::string& where, std::initializer_list<std::string_view> known) {
    for (const auto& [key, value] : object.items()) {
      if (std::find(known.begin(), known.end(), key) == known.end()) problem(where + key, "unknown key");
    }
  }

  std::optional<double> number(const Json& object, const std::string& where, const char* key, double low, double high) {
    if (!object.contains(key)) return std::nullopt;
    const Json& value = object.at(key);
    if (!value.is_number()) {
      problem(where + key, "must be a number");
      return std::nullopt;
    }
    const double number = value.get<double>();
    if (!(number >= low && number <= high)) {
      std::ostringstream text;
      text << "must be between " << low << " and " << high << ", not " << number;
      problem(where + key, text.str());
      return std::nullopt;
    }
    return number;
  }

  std::optional<std::string> text(const Json& object, const std::string& where, const char* key) {
    if (!object.contains(key)) return std::nullopt;
    if (!object.at(key).is_string()) {
      problem(where + key, "must be a string");
      return std::nullopt;
    }
    return object.at(key).get<std::string>();
  }

  const Json* array_of_tables(const Json& root, const char* key) {
    if (!root.contains(key)) return nullptr;
    const Json& value = root.at(key);
    if (!value.is_array()) {
      problem(key, "must be an array of tables");
      return nullptr;
    }
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (!value[i].is_object()) problem(std::string(key) + "[" + std::to_string(i) + "]", "must be a table");
    }
    return &value;
  }

private:
  std::string name_;
  std::vector<std::string>& problems_;
};

bool is_iso_date(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  return text.substr(5, 2) >= "01" && text.substr(5, 2) <= "12" && text.substr(8, 2) >= "01" &&
         text.substr(8, 2) <= "31";
}

void read_defaults(Reader& reader, const Json& root, GateConfig& config) {
  if (!root.contains("defaults")) return;
  const Json& defaults = root.at("defaults");
  if (!defaults.is_object()) return reader.problem("defaults", "must be a table");
  reader.unknown_keys(defaults, "defaults.",
                      {"alpha", "efficiency_tolerance_pp", "relative_tolerance_percent", "min_effect"});
  if (auto value = reader.number(defaults, "defaults.", "alpha", 0, 1)) config.alpha = *value;
  if (auto value = reader.number(defaults, "defaults.", "efficiency_tolerance_pp", 0, 100))
    config.efficiency_tolerance_pp = *value;
  if (auto value = reader.number(defaults, "defaults.", "relative_tolerance_percent", 0, 1e6))
    config.relative_tolerance_percent = *value;
  if (auto value = reader.number(defaults, "defaults.", "min_effect", 0, 1e300)) config.min_effect = *value;
}

void read_rules(Reader& reader, const Json& root, GateConfig& config) {
  const Json* rules = reader.array_of_tables(root, "rules");
  if (!rules) return;
  for (std::size_t i = 0; i < rules->size(); ++i) {
    const Json& entry = (*rules)[i];
    if (!entry.is_object()) continue;
    const std::string where = "rules[" + std::to_string(i) + "].";
    reader.unknown_keys(
        entry, where, {"metrics", "regions", "direction", "tolerance_pp", "tolerance_percent", "min_effect", "alpha"});
    RuleOverride rule;
    rule.metrics = reader.text(entry, where, "metrics").value_or("*");
    rule.regions = reader.text(entry, where, "regions").value_or("*");
    if (auto direction = reader.text(entry, where, "direction")) {
      rule.direction = direction_from_string(*direction);
      if (!rule.direction)
        reader.problem(where + "direction",
                       "must be higher_is_better, lower_is_better or ignored, not '" + *direction + "'");
    }
    rule.tolerance_pp = reader.number(entry, where, "tolerance_pp", 0, 100);
    rule.tolerance_percent = reader.number(entry, where, "tolerance_percent", 0, 1e6);
    rule.min_effect = reader.number(entry, where, "min_effect", 0, 1e300);
    rule.alpha = reader.number(entry, where, "alpha", 0, 1);
    config.rules.push_back(std::move(rule));
  }
}

void read_waivers(Reader& reader, const Json& root, GateConfig& config) {
  const Json* waivers = reader.array_of_tables(root, "waivers");
  if (!waivers) return;
  for (std::size_t i = 0; i < waivers->size(); ++i) {
    const Json& entry = (*waivers)[i];
    if (!entry.is_object()) continue;
    const std::string where = "waivers[" + std::to_string(i) + "].";
    reader.unknown_keys(entry, where, {"region", "metric", "commit", "reason", "expires"});
    Waiver waiver;
    waiver.region = reader.text(entry, where, "region").value_or("*");
    waiver.metric = reader.text(entry, where, "metric").value_or("*");
    waiver.commit = reader.text(entry, where, "commit").value_or("");
    // A waiver must say why and until when, so that acknowledged regressions do not pile up.
    const auto reason = reader.text(entry, where, "reason");
    if (!reason || reason->empty()) reader.problem(where + "reason", "required: say why the change is accepted");
    waiver.reason = reason.value_or("");
    const auto expires = reader.text(entry, where, "expires");
    if (!entry.contains("expires"))
      reader.problem(where + "expires", "required: the last day the waiver applies");
    else if (expires && !is_iso_date(*expires))
      reader.problem(where + "expires", "must be a date YYYY-MM-DD");
    waiver.expires = expires.value_or("");
    config.waivers.push_back(std::move(waiver));
  }
}

} // namespace

std::vector<std::string> read_gate_text(const std::string& text, bool json, const std::string& name,
                                        GateConfig& config) {
  std::vector<std::string> problems;
  Json root;
  if (json) {
    try {
      root = Json::parse(text);
    } catch (const Json::parse_error& error) {
      return {name + ": " + error.what()};
    }
  } else {
    try {
      root = to_json(toml::parse(text, name));
    } catch (const toml::parse_error& error) {
      const auto& begin = error.source().begin;
      return {name + ": line " + std::to_string(begin.line) + ", column " + std::to_string(begin.column) + ": " +
              std::string(error.description())};
    }
  }
  if (!root.is_object()) return {name + ": /: must be a table (a JSON object)"};
  Reader reader(name, problems);
  reader.unknown_keys(root, "", {"schema", "defaults", "rules", "waivers"});
  if (auto schema = reader.text(root, "", "schema"); schema && *schema != "tally.gate/1")
    reader.problem("schema", "this tally reads tally.gate/1, not '" + *schema + "'");
  GateConfig read = config;
  read_defaults(reader, root, read);
  read_rules(reader, root, read);
  read_waivers(reader, root, read);
  if (problems.empty()) config = std::move(read);
  return problems;
}

std::vector<std::string> read_gate_file(const std::filesystem::path& file, GateConfig& config) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {file.string() + ": cannot be read"};
  std::ostringstream text;
  text << in.rdbuf();
  return read_gate_text(text.str(), file.extension() == ".json", file.string(), config);
}

} // namespace tally::gate
