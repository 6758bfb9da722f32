// SPDX-License-Identifier: BSD-3-Clause
// `tally run [options] -- command...`: runs a command, or each run of a study once its placeholders
// are filled, with the preload library of its program's MPI family (preload_choice.hpp) and the
// profiler's options set. The options, their --help and the guide's table all come
// from the option table of tally::model.
#include "cli/commands.hpp"
#include "cli/preload_choice.hpp"
#include "cli/scaling_study.hpp"
#include "cli/slurm_time_left.hpp"
#include "cli/slurm_time_limits.hpp"
#include "cli/split_list.hpp"

#include "tally/model/profiler_options.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <unistd.h>

namespace tally::cli {
namespace {

struct RunOptions {
  std::map<std::string, std::string> values; ///< option name -> value given on the command line
  std::vector<std::string> command;
  bool markdown_table = false;
  StudyPlan study;         ///< a scaling study when scales (or node counts, thread counts, frequencies) are given
  std::string host_file{}; ///< --hostfile: the hosts of {hosts}
};

std::string markdown_table() {
  std::string out =
      "| variable | `tally run` option | values | default | description |\n| --- | --- | --- | --- | --- |\n";
  for (const model::OptionInfo& option : model::profiler_options()) {
    std::string values;
    for (const char c : option.type)
      values += c == '|' ? std::string("\\|") : std::string(1, c);
    if (!option.unit.empty()) values += " (" + std::string(option.unit) + ")";
    std::string default_value = option.default_value.empty() ? "unset" : "`" + std::string(option.default_value) + "`";
    if (!option.run_default.empty()) default_value += " (`tally run`: `" + std::string(option.run_default) + "`)";
    out += "| `" + std::string(option.variable) + "` | `--" + std::string(option.name) + "` | " + values + " | " +
           default_value + " | " + std::string(option.description) + " |\n";
  }
  return out;
}

/// LD_PRELOAD for one command: the library of its program's MPI family (preload_choice.hpp), then
/// whatever the user preloads already.
PreloadChoice preload_setting(const std::vector<std::string>& command) {
  PreloadChoice choice = preload_for_command(command);
  const char* preloaded = std::getenv("LD_PRELOAD");
  if (!choice.library.empty() && preloaded && *preloaded) choice.library += std::string(":") + preloaded;
  return choice;
}

int run_command(const RunOptions& options) {
  if (options.markdown_table) {
    std::cout << markdown_table();
    return 0;
  }
  if (options.command.empty()) {
    std::cerr << "tally run: no command given; usage: tally run [options] -- command...\n";
    return 2;
  }
  for (const auto& [name, value] : options.values) {
    const std::string_view type = model::find_profiler_option(name)->type;
    if (type == "duration" && !model::parse_duration(value)) {
      std::cerr << "tally run: --" << name << "=" << value << " is not a duration (90s, 10m, 1h, or off)\n";
      return 2;
    }
    if (type == "frequency" && !model::parse_frequency_khz(value)) {
      std::cerr << "tally run: --" << name << "=" << value
                << " is not a frequency (2400000 in kHz, 2400MHz or 2.4GHz)\n";
      return 2;
    }
  }
  if (options.values.contains("cpu-frequency") && !options.study.frequencies.empty()) {
    std::cerr
        << "tally run: --cpu-frequency names the frequency of one run, --frequencies those of a study; give one\n";
    return 2;
  }
  for (const auto& [name, value] : options.values) {
    setenv(std::string(model::find_profiler_option(name)->variable).c_str(), value.c_str(), 1);
  }
  // Defaults of `tally run` that differ from plain LD_PRELOAD's; the user's environment wins.
  for (const model::OptionInfo& option : model::profiler_options()) {
    if (!option.run_default.empty())
      setenv(std::string(option.variable).c_str(), std::string(option.run_default).c_str(), 0);
  }
  // Inside a Slurm job, the job's end for the hang watchdog (Slurm 22.05 does not tell the steps).
  set_slurm_job_end_time();
  StudyPlan study = options.study;
  if (!options.host_file.empty()) {
    std::string problem;
    const auto hosts = read_host_file(options.host_file, problem);
    if (!hosts) {
      std::cerr << "tally run: --hostfile " << problem << '\n';
      return 2;
    }
    study.hosts = *hosts;
  }
  if (is_study(study)) {
    if (const std::string problem = check_study(options.command, study); !problem.empty()) {
      std::cerr << "tally run: " << problem << '\n';
      return 2;
    }
    // A size per scale (or node count) is weak scaling; scales or node counts alone are strong
    // scaling, unless told otherwise.
    if (!study.scales.empty() || !study.nodes.empty())
      setenv("TALLY_SCALING", study.sizes.empty() ? "strong" : "weak", 0);
    return run_study(options.command, study, preload_setting);
  }
  const PreloadChoice preload = preload_setting(options.command);
  if (preload.library.empty()) {
    std::cerr << "tally run: " << preload.problem << '\n';
    return 2;
  }
  if (!preload.note.empty()) std::cerr << "tally run: " << preload.note << '\n';
  setenv("LD_PRELOAD", preload.library.c_str(), 1);
  for (const auto& [variable, value] : time_limit_environment(options.command))
    setenv(variable.c_str(), value.c_str(), 1);
  std::vector<char*> argv;
  for (const std::string& argument : options.command)
    argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  std::cerr << "tally run: cannot run " << options.command[0] << ": " << std::strerror(errno) << '\n';
  return errno == ENOENT ? 127 : 126;
}

} // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* command =
      app.add_subcommand("run", "Run a command with the profiler preloaded (tally run -- mpirun -np 4 ./app)");
  for (const model::OptionInfo& option : model::profiler_options()) {
    const std::string name(option.name);
    std::string help = std::string(option.description) + " [" + std::string(option.variable);
    if (!option.default_value.empty()) help += ", default " + std::string(option.default_value);
    if (!option.run_default.empty()) help += " (tally run: " + std::string(option.run_default) + ")";
    help += "]";
    command
        ->add_option_function<std::string>(
            "--" + name, [options, name](const std::string& value) { options->values[name] = value; }, help)
        ->type_name(std::string(option.type));
  }
  command->add_flag("--options-markdown", options->markdown_table, "Print the option table as Markdown and exit");
  command->add_option_function<std::string>(
      "--scales", [options](const std::string& list) { options->study.scales = split_list(list, ','); },
      "Run once per scale (comma-separated), replacing {ranks} in the command");
  command->add_option_function<std::string>(
      "--nodes", [options](const std::string& list) { options->study.nodes = split_list(list, ','); },
      "Run once per node count (comma-separated), replacing {nodes} (srun -N {nodes}); with --scales, every "
      "scale on every node count, {node_ranks} their quotient");
  command->add_option_function<std::string>(
      "--node-ranks", [options](const std::string& list) { options->study.node_ranks = split_list(list, ','); },
      "With --nodes: ranks on each node (comma-separated), replacing {node_ranks} (srun "
      "--ntasks-per-node={node_ranks}) and {ranks} with nodes × ranks per node");
  command
      ->add_option("--hostfile", options->host_file,
                   "With --nodes: the hosts (an Open MPI or MPICH host file) of which {hosts} is the first {nodes}, "
                   "as host:ranks per node (mpirun --host {hosts})")
      ->type_name("FILE");
  command->add_option_function<std::string>(
      "--sizes", [options](const std::string& list) { options->study.sizes = split_list(list, ','); },
      "Weak scaling: a problem size per scale (or, without --scales, per node count; comma-separated), "
      "replacing {size}");
  command->add_option_function<std::string>(
      "--threads", [options](const std::string& list) { options->study.threads = split_list(list, ','); },
      "Run every scale once per thread count (comma-separated), replacing {threads} and setting OMP_NUM_THREADS");
  command->add_option_function<std::string>(
      "--frequencies", [options](const std::string& list) { options->study.frequencies = split_list(list, ','); },
      "Run every scale (and thread count) once per CPU frequency (comma-separated; kHz, or 2400MHz, 2.4GHz), "
      "replacing {frequency} with kHz, which the command must pass to what sets it (srun --cpu-freq={frequency}), "
      "and recording it (TALLY_CPU_FREQUENCY); tally never sets the frequency itself");
  command
      ->add_option("--baseline", options->study.ab.baseline,
                   "A/B study: the baseline's program, replacing {program} in one run of each pair (with "
                   "--candidate); recorded as side baseline")
      ->type_name("PROGRAM");
  command
      ->add_option("--candidate", options->study.ab.candidate,
                   "A/B study: the candidate's program, replacing {program} in the other run of each pair")
      ->type_name("PROGRAM");
  command
      ->add_option("--baseline-commit", options->study.ab.baseline_commit,
                   "A/B study: the commit the baseline was built from, recorded in its documents (the candidate's is "
                   "--commit's)")
      ->type_name("SHA")
      ->envname("CI_MERGE_REQUEST_DIFF_BASE_SHA");
  command
      ->add_option("--baseline-branch", options->study.ab.baseline_branch,
                   "A/B study: the branch that holds the baseline's commit, recorded in its documents (else none: the "
                   "candidate's is --branch's, else the CI's)")
      ->type_name("NAME")
      ->envname("CI_MERGE_REQUEST_TARGET_BRANCH_NAME");
  command
      ->add_option("--repeat", options->study.repeat,
                   "Repetitions of each scale (and thread count, and frequency); in an A/B study, pairs of runs, in "
                   "the order A B B A A B ...")
      ->capture_default_str();
  command->add_option("command", options->command, "The command to measure, after --");
  command->callback([options, &exit_code] { exit_code = run_command(*options); });
}

} // namespace tally::cli
