// SPDX-License-Identifier: BSD-3-Clause
// `tally report FILE...`: the metric tree of every region of each run, as text, or of one run as
// JSON.
#include "cli/commands.hpp"
#include "tally/model/metric_report.hpp"

#include "tally/model/document_io.hpp"

#include <iostream>
#include <memory>

namespace tally::cli {
namespace {

struct ReportOptions {
  std::vector<std::string> files;
  std::string format = "text";
};

int run_report(const ReportOptions& options) {
  if (options.format == "json" && options.files.size() > 1) {
    std::cerr << "tally report: --format json reports one document; " << options.files.size() << " were given\n";
    return 2;
  }
  int exit_code = 0;
  bool first = true;
  for (const std::string& file : options.files) {
    const model::ReadResult result = model::load_run_document(file);
    if (const auto* problems = std::get_if<model::Problems>(&result)) {
      for (const model::Problem& problem : *problems)
        std::cerr << "tally report: " << model::to_string(problem) << '\n';
      exit_code = 2;
      continue;
    }
    const auto& document = std::get<model::RunDocument>(result);
    if (options.format == "json") {
      std::cout << model::metric_report_json(document).dump(2) << '\n';
      continue;
    }
    // Several documents: each report under its file's name, a blank line between them.
    if (options.files.size() > 1) std::cout << (first ? "" : "\n") << "== " << file << '\n';
    first = false;
    std::cout << model::metric_report_text(document);
  }
  return exit_code;
}

} // namespace

void add_report_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ReportOptions>();
  CLI::App* command =
      app.add_subcommand("report", "Print the metric tree of every region of run documents (tally report runs/*.json)");
  command->add_option("files", options->files, "Run documents")->required();
  command->add_option("--format", options->format, "Output format (json: one document)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_report(*options); });
}

} // namespace tally::cli
