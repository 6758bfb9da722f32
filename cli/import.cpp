// SPDX-License-Identifier: BSD-3-Clause
// `tally import [--experiment NAME] [--output FOLDER] FILE|FOLDER...`: converts the JSON files of
// DLB's TALP into tally.run/1 documents, one per file, never overwriting an existing document.
#include "analysis/ingest/document_paths.hpp"
#include "analysis/ingest/talp/imported_runs.hpp"
#include "analysis/ingest/talp/talp.hpp"
#include "cli/commands.hpp"

#include "tally/model/atomic_file.hpp"
#include "tally/model/document_io.hpp"

#include <iostream>
#include <memory>
#include <variant>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

struct ImportOptions {
  std::vector<std::string> paths;
  std::string experiment = "talp";
  std::string output = "tally-runs";
};

using Lines = std::vector<std::string>;

/// The document converted from one TALP file, or the problem lines that stop it.
std::variant<model::RunDocument, Lines> convert(const fs::path& path,
                                                const analysis::ingest::talp::TalpImportOptions& options) {
  const std::string file = path.string();
  const auto text = model::read_json_text(path);
  if (const auto* problems = std::get_if<model::Problems>(&text)) return model::to_strings(*problems);
  const std::string& bytes = std::get<std::string>(text);
  if (auto result = analysis::ingest::talp::import_talp(bytes, file, options)) {
    if (const auto* problems = std::get_if<model::Problems>(&*result)) return model::to_strings(*problems);
    return std::get<model::RunDocument>(std::move(*result));
  }
  const auto parsed = model::parse_json(bytes, file);
  if (const auto* problems = std::get_if<model::Problems>(&parsed)) return model::to_strings(*problems);
  const nlohmann::json& value = std::get<nlohmann::json>(parsed);
  const bool tally = value.is_object() && value.contains("schema");
  return Lines{
      file + ": /: " +
      (tally ? "already a tally run document; nothing to import" : "not a DLB TALP document (it has no dlbVersion)")};
}

int run_import(const ImportOptions& options) {
  if (const std::string error = model::make_folders(options.output); !error.empty()) {
    std::cerr << "tally import: " << error << '\n';
    return 2;
  }
  const analysis::ingest::DocumentPaths inputs = analysis::ingest::expand_document_paths(options.paths);
  for (const std::string& problem : inputs.problems)
    std::cerr << problem << '\n';
  analysis::ingest::talp::ImportedRuns imported(options.output);
  std::size_t converted = 0;
  for (const fs::path& input : inputs.files) {
    auto result = convert(input, analysis::ingest::talp::TalpImportOptions{options.experiment});
    if (const auto* problems = std::get_if<Lines>(&result)) {
      for (const std::string& line : *problems)
        std::cerr << line << '\n';
      continue;
    }
    const auto& document = std::get<model::RunDocument>(result);
    // The run id is stable across imports of a file, so importing it again is refused rather
    // than writing a second copy of the same run, also when the copy has an id of an older scheme.
    if (const auto before = imported.find(document.run.id)) {
      std::cerr << input.string() << ": " << before->string()
                << ": holds this run already (same file name and end time); not imported again\n";
      continue;
    }
    const model::WrittenFile written =
        model::write_file_atomically((fs::path(options.output) / (document.run.id + ".json")).string(),
                                     model::write_run_document(document), model::Existing::refuse);
    if (!written.error.empty()) {
      std::cerr << input.string() << ": " << written.error << '\n';
      continue;
    }
    imported.add(document.run.id, written.path);
    std::cout << input.string() << " -> " << written.path << '\n';
    ++converted;
  }
  const std::size_t failed = inputs.files.size() - converted + inputs.problems.size();
  std::cerr << "tally import: " << converted << " converted, " << failed << " not converted\n";
  return failed == 0 && converted > 0 ? 0 : 1;
}

} // namespace

void add_import_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ImportOptions>();
  CLI::App* command =
      app.add_subcommand("import", "Convert DLB TALP JSON files (DLB 3.4 to 3.7) to tally run documents");
  command->add_option("paths", options->paths, "TALP files, or folders searched for *.json at any depth")->required();
  command->add_option("--experiment", options->experiment, "Experiment of the imported runs")->capture_default_str();
  command->add_option("--output", options->output, "Folder the run documents are written to; created if missing")
      ->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_import(*options); });
}

} // namespace tally::cli
