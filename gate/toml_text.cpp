// SPDX-License-Identifier: BSD-3-Clause
// TOML to JSON (toml_text.hpp).
#include "gate/toml_text.hpp"

#include <toml++/toml.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace tally::gate {
namespace {

model::Json to_json(const toml::node& node) {
  if (const auto* table = node.as_table()) {
    model::Json out = model::Json::object();
    for (const auto& [key, value] : *table)
      out[std::string(key.str())] = to_json(value);
    return out;
  }
  if (const auto* array = node.as_array()) {
    model::Json out = model::Json::array();
    for (const toml::node& value : *array)
      out.push_back(to_json(value));
    return out;
  }
  if (const auto* text = node.as_string()) return text->get();
  if (const auto* integer = node.as_integer()) return integer->get();
  if (const auto* floating = node.as_floating_point()) return floating->get();
  if (const auto* boolean = node.as_boolean()) return boolean->get();
  if (const auto* date = node.as_date()) {
    // The gate's waiver expiry dates may be written as TOML dates (expires = 2026-06-30).
    char text[11];
    std::snprintf(text, sizeof text, "%04d-%02d-%02d", date->get().year % 10000, date->get().month % 100,
                  date->get().day % 100);
    return std::string(text);
  }
  return model::Json(); // times and date-times: a checker reports them as a wrong type
}

} // namespace

std::variant<model::Json, model::Problems> parse_toml(const std::string& text, const std::string& name) {
  try {
    return to_json(toml::parse(text, name));
  } catch (const toml::parse_error& error) {
    const auto& begin = error.source().begin;
    return model::Problems{{name, "",
                            "not valid TOML: line " + std::to_string(begin.line) + ", column " +
                                std::to_string(begin.column) + ": " + std::string(error.description())}};
  }
}

std::variant<model::Json, model::Problems> load_json_or_toml(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return model::Problems{{file.string(), "", "cannot open file"}};
  std::ostringstream text;
  text << in.rdbuf();
  if (file.extension() == ".json") return model::parse_json(text.str(), file.string());
  return parse_toml(text.str(), file.string());
}

} // namespace tally::gate
