// SPDX-License-Identifier: BSD-3-Clause
// Entry point of the `tally` command: parses the command line and runs one subcommand.
#include "cli/commands.hpp"

#include "tally/model/version.hpp"

#include <iostream>

int main(int argc, char** argv) {
  CLI::App app{"tally: performance regressions of parallel programs, caught in CI"};
  app.set_version_flag("--version", tally::model::tally_version);
  app.require_subcommand(1);
  int exit_code = 0;
  tally::cli::add_validate_command(app, exit_code);
  tally::cli::add_report_command(app, exit_code);
  tally::cli::add_run_command(app, exit_code);
  tally::cli::add_pages_command(app, exit_code);
  tally::cli::add_import_command(app, exit_code);
  tally::cli::add_gate_command(app, exit_code);
  tally::cli::add_prune_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return 2; // usage errors are 2 for every subcommand, as CI scripts expect
  }
  return exit_code;
}
