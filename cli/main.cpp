// SPDX-License-Identifier: BSD-3-Clause
// Entry point of the `tally` command: parses the command line and runs one subcommand.
#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app;
  int exit_code = 0;
  tally::cli::describe_app(app, exit_code);
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
