// SPDX-License-Identifier: BSD-3-Clause
// The example run documents of examples/runs, as files, text and JSON, for the document tests.
#pragma once

#include "tally/model/document_io.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tally::model::example_runs {

/// Every *.json file of examples/runs, sorted.
inline std::vector<std::filesystem::path> example_paths() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(TALLY_EXAMPLES_DIR)) {
    if (entry.path().extension() == ".json") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline nlohmann::json read_json(const std::filesystem::path& path) { return nlohmann::json::parse(read_text(path)); }

/// The example with MPI, two nodes, counters, per-rank detail and a source section.
inline nlohmann::json jacobi_example() {
  return read_json(std::filesystem::path(TALLY_EXAMPLES_DIR) / "jacobi_4ranks_2nodes.json");
}

/// Each problem as `file: /pointer: message`; empty when the document was read.
inline std::vector<std::string> problem_lines(const ReadResult& result) {
  std::vector<std::string> out;
  if (const auto* problems = std::get_if<Problems>(&result)) {
    for (const Problem& problem : *problems)
      out.push_back(to_string(problem));
  }
  return out;
}

/// The problems reading `document` (as file "run.json") reports, one line each.
inline std::vector<std::string> problems_of(const nlohmann::json& document) {
  return problem_lines(read_run_document(document, "run.json"));
}

} // namespace tally::model::example_runs
