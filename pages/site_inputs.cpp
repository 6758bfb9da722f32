// SPDX-License-Identifier: BSD-3-Clause
// Checking the inputs of a site before anything is written.
#include "pages/site_inputs.hpp"

#include "analysis/ingest/document_paths.hpp"

namespace tally::pages {

std::vector<std::string> missing_input_problems(const std::vector<std::string>& inputs) {
  std::vector<std::string> problems;
  for (const std::string& input : inputs) {
    const analysis::ingest::DocumentPaths paths = analysis::ingest::expand_document_paths({input});
    problems.insert(problems.end(), paths.problems.begin(), paths.problems.end());
    if (paths.problems.empty() && paths.files.empty()) problems.push_back(input + ": no run document (*.json) in it");
  }
  return problems;
}

std::optional<std::string> no_valid_run_problem(const std::vector<std::string>& inputs,
                                                const analysis::ingest::RunSet& runs) {
  if (!runs.runs.empty()) return std::nullopt;
  std::string named;
  for (const std::string& input : inputs)
    named += (named.empty() ? "" : ", ") + input;
  return named + ": none of the " + std::to_string(runs.invalid.size()) + " document(s) is valid";
}

} // namespace tally::pages
