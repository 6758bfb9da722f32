// SPDX-License-Identifier: BSD-3-Clause
// Reading and writing run documents. Reading checks the schema version and every field, and
// reports each problem as `file: /json/pointer: what is wrong`.
#pragma once

#include "tally/model/run_document.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tally::model {

/// One thing wrong with a document, located by a JSON pointer ("" is the whole document).
struct Problem {
  std::string file;
  std::string pointer;
  std::string message;
};

/// `file: /pointer: message`, the one format every command prints.
std::string to_string(const Problem& problem);

using Problems = std::vector<Problem>;

/// One `file: /pointer: message` line per problem.
std::vector<std::string> to_strings(const Problems& problems);

/// The largest JSON file read (128 MiB): reading takes about 11 bytes of memory per byte of JSON,
/// and a run document of 50,000 regions with per-rank detail of 4 ranks is 84 MB.
inline constexpr std::uintmax_t max_json_file_bytes = std::uintmax_t{128} << 20;

/// The deepest nesting of arrays and objects read; a run document nests 6 levels.
inline constexpr std::size_t max_json_nesting = 64;

/// A document, or the list of everything wrong with it.
using ReadResult = std::variant<RunDocument, Problems>;

/// The JSON value of a text, or the problem ("not valid JSON: ...", "nested deeper than ...")
/// located at the whole document.
std::variant<nlohmann::json, Problems> parse_json(std::string_view text, const std::string& file);

/// The bytes of a file, or the problem (cannot open or read it, larger than max_json_file_bytes).
std::variant<std::string, Problems> read_json_text(const std::filesystem::path& path);

/// The JSON value of a file, or the problem (cannot open or read it, larger than
/// max_json_file_bytes, not valid JSON).
std::variant<nlohmann::json, Problems> load_json(const std::filesystem::path& path);

/// Reads a document from JSON text; `file` names it in messages.
ReadResult parse_run_document(std::string_view text, const std::string& file);

/// Reads a document from an already parsed JSON value.
ReadResult read_run_document(const nlohmann::json& value, const std::string& file);

/// Reads a document from a file.
ReadResult load_run_document(const std::filesystem::path& path);

/// The document as JSON, keys in schema order.
nlohmann::ordered_json to_json(const RunDocument& document);

/// The document as indented JSON text, ending in a newline.
std::string write_run_document(const RunDocument& document);

} // namespace tally::model
