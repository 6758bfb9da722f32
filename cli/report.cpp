// SPDX-License-Identifier: BSD-3-Clause
// `tally report FILE`: the metric tree of every region of one run, as text or JSON.
#include "cli/commands.hpp"
#include "tally/model/metric_report.hpp"

#include "tally/model/document_io.hpp"

#include <iostream>
#include <memory>

namespace tally::cli {
namespace {

struct ReportOptions {
  std::string file;
  std::string format = "text";
};

int run_report(const ReportOptions& options) {
  const model::ReadResult result = model::load_run_document(options.file);
  if (const auto* problems = std::get_if<model::Problems>(&result)) {
    for (const model::Problem& problem : *problems)
      std::cerr << "tally report: " << model::to_string(problem) << '\n';
    return 2;
  }
  const auto& document = std::get<model::RunDocument>(result);
  if (options.format == "json") {
    std::cout << model::metric_report_json(document).dump(2) << '\n';
  } else {
    std::cout << model::metric_report_text(document);
  }
  return 0;
}

} // namespace

void add_report_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ReportOptions>();
  CLI::App* command = app.add_subcommand("report", "Print the metric tree of every region of a run document");
  command->add_option("file", options->file, "Run document")->required();
  command->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_report(*options); });
}

} // namespace tally::cli
