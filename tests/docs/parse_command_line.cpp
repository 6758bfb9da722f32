// SPDX-License-Identifier: BSD-3-Clause
// Parses one `tally` command line (the arguments after `tally`) with the command's own CLI11 app
// and stops before the chosen subcommand runs: exit 0 when tally would accept the line, 2 and
// CLI11's message when it would refuse it. A quoted `tally run -- mpirun ...` runs nothing.
#include "cli/commands.hpp"

#include <iostream>

namespace {

/// Thrown once the whole line is parsed and checked, before any subcommand's callback.
struct Parsed {};

} // namespace

int main(int argc, char** argv) {
  CLI::App app;
  int exit_code = 0;
  tally::cli::describe_app(app, exit_code);
  // CLI11 runs the top app's parse-complete callback after every option, requirement and extra
  // argument was checked, and before the subcommands' callbacks.
  app.parse_complete_callback([] { throw Parsed{}; });
  try {
    app.parse(argc, argv);
  } catch (const Parsed&) {
    return 0;
  } catch (const CLI::Success&) {
    return 0; // --help and --version are accepted command lines
  } catch (const CLI::ParseError& error) {
    std::cerr << error.get_name() << ": " << error.what() << '\n';
    return 2;
  }
  std::cerr << "the command line was parsed but the subcommand was not stopped before it ran\n";
  return 1;
}
