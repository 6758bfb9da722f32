// SPDX-License-Identifier: BSD-3-Clause
// `tally validate FILE...`: checks run documents, one line per problem, exit 1 if any is invalid.
#include "analysis/ingest/document_paths.hpp"
#include "cli/commands.hpp"

#include "tally/model/document_io.hpp"

#include <iostream>
#include <memory>

namespace tally::cli {
namespace {

struct ValidateOptions {
  std::vector<std::string> paths;
};

int run_validate(const ValidateOptions& options) {
  const analysis::ingest::DocumentPaths documents = analysis::ingest::expand_document_paths(options.paths);
  for (const std::string& problem : documents.problems)
    std::cout << problem << '\n';
  if (documents.files.empty() && documents.problems.empty()) std::cout << "no run documents found\n";
  std::size_t invalid = 0;
  for (const auto& file : documents.files) {
    const model::ReadResult result = model::load_run_document(file);
    if (const auto* problems = std::get_if<model::Problems>(&result)) {
      ++invalid;
      for (const model::Problem& problem : *problems)
        std::cout << model::to_string(problem) << '\n';
    }
  }
  std::cerr << "tally validate: " << documents.files.size() - invalid << " valid, " << invalid << " invalid\n";
  const bool all_valid = invalid == 0 && documents.problems.empty() && !documents.files.empty();
  return all_valid ? 0 : 1;
}

} // namespace

void add_validate_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ValidateOptions>();
  CLI::App* command = app.add_subcommand("validate", "Check run documents against the tally.run schema");
  command->add_option("paths", options->paths, "Run documents, or folders searched for *.json at any depth")
      ->required();
  command->callback([options, &exit_code] { exit_code = run_validate(*options); });
}

} // namespace tally::cli
