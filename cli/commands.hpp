// SPDX-License-Identifier: BSD-3-Clause
// The subcommands of `tally`. Each adds itself to the CLI11 app and, when chosen, stores its
// exit code: 0 success, 1 a negative verdict (invalid documents, regressions), 2 usage or input error.
#pragma once

#include <CLI/CLI.hpp>

namespace tally::cli {

/// The whole command: description, --version and every subcommand below. A chosen subcommand
/// runs in its CLI11 callback, during parse(), and stores its exit code in exit_code.
void describe_app(CLI::App& app, int& exit_code);

void add_validate_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);
void add_run_command(CLI::App& app, int& exit_code);
void add_pages_command(CLI::App& app, int& exit_code);
void add_import_command(CLI::App& app, int& exit_code);
void add_gate_command(CLI::App& app, int& exit_code);
void add_prune_command(CLI::App& app, int& exit_code);

} // namespace tally::cli
