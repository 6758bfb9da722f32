// SPDX-License-Identifier: BSD-3-Clause
// TOML files read as JSON (toml++), so that a TOML file and its JSON twin have one meaning and
// one checker (model::JsonChecker): the gate's configuration, the node power profile
// (analysis/energy/power_profile.hpp checks its tree).
#pragma once

#include "tally/model/document_io.hpp"
#include "tally/model/json_checker.hpp"

#include <filesystem>
#include <string>
#include <variant>

namespace tally::gate {

/// Parses TOML `text` into the JSON tree of the same tables, arrays and values; dates become
/// "YYYY-MM-DD" strings, times and date-times null (no format of tally's has them). On a syntax
/// error, one problem naming `name`, the line and the column.
std::variant<model::Json, model::Problems> parse_toml(const std::string& text, const std::string& name);

/// A configuration file's JSON tree: `.json` files are JSON, anything else TOML. The problem when
/// it cannot be read or parsed.
std::variant<model::Json, model::Problems> load_json_or_toml(const std::filesystem::path& file);

} // namespace tally::gate
