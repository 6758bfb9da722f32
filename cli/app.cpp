// SPDX-License-Identifier: BSD-3-Clause
// The `tally` command's CLI11 app: its description, --version and every subcommand, shared by
// main() and by the test that parses the command lines quoted in the docs.
#include "cli/commands.hpp"

#include "tally/model/version.hpp"

namespace tally::cli {

void describe_app(CLI::App& app, int& exit_code) {
  app.description("tally: performance regressions of parallel programs, caught in CI");
  app.set_version_flag("--version", tally::model::tally_version);
  app.require_subcommand(1);
  add_validate_command(app, exit_code);
  add_report_command(app, exit_code);
  add_run_command(app, exit_code);
  add_pages_command(app, exit_code);
  add_import_command(app, exit_code);
  add_gate_command(app, exit_code);
  add_prune_command(app, exit_code);
}

} // namespace tally::cli
