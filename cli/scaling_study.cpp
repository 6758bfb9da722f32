// SPDX-License-Identifier: BSD-3-Clause
// Running a study: fork, exec and wait per run, so each run is its own process (and its own run
// document), and a failing run stops the study with its exit code. A warning about the
// machine or the setup is said once per study (TALLY_SAID_WARNINGS), not by every run.
#include "cli/scaling_study.hpp"

#include "cli/slurm_time_limits.hpp"

#include "tally/model/profiler_options.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>
#include <string>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>

namespace tally::cli {
namespace {

void replace_all(std::string& text, const std::string& placeholder, const std::string& value) {
  for (auto at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size())) {
    text.replace(at, placeholder.size(), value);
  }
}

/// Exit code of one run of `command` with `environment` added to tally's: its own, 128 + signal
/// when killed, 127 when it cannot start. A variable the command sets itself (env, mpirun -x) wins.
int run_once(const std::vector<std::string>& command,
             const std::vector<std::pair<std::string, std::string>>& environment) {
  std::vector<char*> argv;
  for (const std::string& argument : command)
    argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child < 0) {
    std::cerr << "tally run: cannot start " << command[0] << ": " << std::strerror(errno) << '\n';
    return 126;
  }
  if (child == 0) {
    for (const auto& [variable, value] : environment)
      setenv(variable.c_str(), value.c_str(), 1);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "tally run: cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return 126;
  }
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

/// A run's thread count is its OMP_NUM_THREADS; its frequency its TALLY_CPU_FREQUENCY, which the
/// profiler records.
std::vector<std::pair<std::string, std::string>> axes_environment(const std::string& threads,
                                                                  const std::string& frequency_khz) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!threads.empty()) out.emplace_back("OMP_NUM_THREADS", threads);
  if (!frequency_khz.empty()) out.emplace_back("TALLY_CPU_FREQUENCY", frequency_khz);
  return out;
}

/// Each frequency of the plan in kHz, as {frequency} receives it; one empty pass without any.
std::vector<std::string> frequencies_khz(const StudyPlan& plan) {
  if (plan.frequencies.empty()) return {""};
  std::vector<std::string> out;
  for (const std::string& frequency : plan.frequencies)
    out.push_back(std::to_string(model::parse_frequency_khz(frequency).value_or(0)));
  return out;
}

/// The file of TALLY_SAID_WARNINGS for the runs of one study, so that a warning about the machine or
/// the setup (no hardware counters, say) is said by the first run that meets it, not by every run.
/// Made empty in the temporary folder and removed at the end; a file the user named is kept, and
/// none is made when the folder cannot take one (every run then says its warnings).
class SaidWarnings {
public:
  SaidWarnings() {
    const std::string_view variable = model::find_profiler_option("said-warnings")->variable;
    if (const char* named = std::getenv(std::string(variable).c_str()); named && *named) return;
    const char* folder = std::getenv("TMPDIR");
    std::string path = std::string(folder && *folder ? folder : "/tmp") + "/tally-said-warnings-XXXXXX";
    const int fd = mkstemp(path.data());
    if (fd < 0) return;
    close(fd);
    path_ = path;
    setenv(std::string(variable).c_str(), path_.c_str(), 1);
  }
  ~SaidWarnings() {
    if (!path_.empty()) unlink(path_.c_str());
  }
  SaidWarnings(const SaidWarnings&) = delete;
  SaidWarnings& operator=(const SaidWarnings&) = delete;

private:
  std::string path_;
};

std::string elapsed_since(std::chrono::steady_clock::time_point start) {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld", static_cast<long long>(seconds.count() / 60),
                static_cast<long long>(seconds.count() % 60));
  return text;
}

/// What tells the runs of one configuration apart: their repetition or, in an A/B study, their side
/// (program and variables) and pair.
struct RunOfConfiguration {
  std::string program; ///< replaces {program}; empty outside an A/B study
  std::vector<std::pair<std::string, std::string>> environment;
  std::string side;  ///< empty outside an A/B study
  std::string place; ///< for the progress line: "repetition 2 of 3", "candidate · pair 1 of 3"
};

RunOfConfiguration run_of_configuration(const StudyPlan& plan, const std::string& study_id, std::size_t index) {
  const std::string of_repeat = " of " + std::to_string(plan.repeat);
  if (!is_ab_study(plan.ab)) return {"", {}, "", "repetition " + std::to_string(index + 1) + of_repeat};
  const model::AbSide side = side_of_run(index);
  const std::size_t pair = index / 2 + 1;
  const std::string side_name(to_string(side));
  return {side == model::AbSide::baseline ? plan.ab.baseline : plan.ab.candidate,
          ab_run_environment(plan.ab, study_id, side, pair), side_name,
          side_name + " · pair " + std::to_string(pair) + of_repeat};
}

} // namespace

bool is_study(const StudyPlan& plan) {
  return !plan.scales.empty() || !plan.nodes.empty() || !plan.threads.empty() || !plan.frequencies.empty() ||
         is_ab_study(plan.ab);
}

ResourceAxes resource_axes(const StudyPlan& plan) {
  return {plan.scales, plan.nodes, plan.node_ranks, plan.sizes, plan.hosts};
}

std::vector<std::string> study_command(const std::vector<std::string>& command, const Placeholders& values) {
  std::vector<std::string> out = command;
  for (std::string& argument : out) {
    replace_all(argument, "{ranks}", values.ranks);
    replace_all(argument, "{nodes}", values.nodes);
    replace_all(argument, "{node_ranks}", values.node_ranks);
    replace_all(argument, "{hosts}", values.hosts);
    replace_all(argument, "{size}", values.size);
    replace_all(argument, "{threads}", values.threads);
    replace_all(argument, "{frequency}", values.frequency_khz);
    replace_all(argument, "{program}", values.program);
  }
  return out;
}

std::string check_study(const std::vector<std::string>& command, const StudyPlan& plan) {
  const bool axes = !plan.scales.empty() || !plan.nodes.empty();
  if (!axes && !plan.threads.empty())
    return "--threads needs --scales or --nodes: thread counts are run at every scale";
  if (!axes && !plan.frequencies.empty())
    return "--frequencies needs --scales or --nodes: frequencies are run at every scale";
  if (const std::string problem = check_resource_axes(resource_axes(plan), command); !problem.empty()) return problem;
  // Without {threads} the counts still reach the program through OMP_NUM_THREADS; a {threads}
  // that no option fills would reach it verbatim.
  if (plan.threads.empty() && mentions(command, "{threads}")) return "{threads} in the command needs --threads";
  for (const std::string& frequency : plan.frequencies) {
    if (!model::parse_frequency_khz(frequency))
      return "--frequencies: " + frequency + " is not a frequency (2400000 in kHz, 2400MHz or 2.4GHz)";
  }
  // tally cannot set a frequency (that takes root or the batch system): the command must.
  if (!plan.frequencies.empty() && !mentions(command, "{frequency}")) {
    return "--frequencies needs {frequency} in the command, which sets it, e.g. srun --cpu-freq={frequency} ./app: "
           "tally never changes the CPU frequency itself";
  }
  if (plan.frequencies.empty() && mentions(command, "{frequency}"))
    return "{frequency} in the command needs --frequencies";
  if (plan.repeat == 0) return "--repeat must be at least 1";
  const bool ab_study = is_ab_study(plan.ab);
  if (ab_study && !mentions(command, "{program}")) {
    return "--baseline and --candidate need {program} in the command, which each replaces, e.g. mpirun -np {ranks} "
           "{program}";
  }
  if (!ab_study && mentions(command, "{program}")) return "{program} in the command needs --baseline and --candidate";
  return check_ab_plan(plan.ab);
}

int run_study(const std::vector<std::string>& command, const StudyPlan& plan, const PreloadFor& preload_for) {
  const auto start = std::chrono::steady_clock::now();
  // No --scales nor --nodes (an A/B study of one configuration) is one pass with the command's own
  // ranks, no --threads one with the thread count the environment gives, no --frequencies one at
  // whatever frequency the machine runs.
  const std::vector<ResourcePoint> points = resource_points(resource_axes(plan));
  const std::vector<std::string> thread_counts = plan.threads.empty() ? std::vector<std::string>{""} : plan.threads;
  const std::vector<std::string> frequencies = frequencies_khz(plan);
  const bool ab_study = is_ab_study(plan.ab);
  const std::string study_id = ab_study ? new_ab_study_id() : "";
  const std::size_t runs_per_configuration = (ab_study ? 2 : 1) * std::size_t{plan.repeat};
  const std::size_t total = points.size() * thread_counts.size() * frequencies.size() * runs_per_configuration;
  const SaidWarnings said_warnings;
  std::set<std::string> said_notes; // of the preload choice: once per study, as the profiler's warnings
  std::size_t done = 0;
  for (const ResourcePoint& point : points) {
    for (const std::string& threads : thread_counts) {
      for (const std::string& frequency : frequencies) {
        for (std::size_t index = 0; index < runs_per_configuration; ++index) {
          const RunOfConfiguration run = run_of_configuration(plan, study_id, index);
          auto environment = axes_environment(threads, frequency);
          environment.insert(environment.end(), run.environment.begin(), run.environment.end());
          std::cerr << "tally run: run " << ++done << " of " << total
                    << (point.nodes.empty() ? "" : " · " + point.nodes + (point.nodes == "1" ? " node" : " nodes"))
                    << (point.ranks.empty() ? "" : " · " + point.ranks + " ranks")
                    << (threads.empty() ? "" : " · " + threads + " threads")
                    << (frequency.empty() ? "" : " · " + frequency + " kHz")
                    << (point.size.empty() ? "" : " · size " + point.size) << " · " << run.place << " · "
                    << elapsed_since(start) << " elapsed\n";
          const Placeholders values{point.ranks, point.nodes, point.node_ranks, point.hosts,
                                    point.size,  threads,     frequency,        run.program};
          const std::vector<std::string> run_command = study_command(command, values);
          const PreloadChoice preload = preload_for(run_command);
          if (preload.library.empty()) {
            std::cerr << "tally run: run " << done << " of " << total << ": " << preload.problem
                      << "; the study stops here\n";
            return 2;
          }
          if (!preload.note.empty() && said_notes.insert(preload.note).second)
            std::cerr << "tally run: " << preload.note << '\n';
          environment.emplace_back("LD_PRELOAD", preload.library);
          // The run's own time limit (srun -t), or a job of its own (sbatch): the watchdog's end.
          const Environment limits = time_limit_environment(run_command);
          environment.insert(environment.end(), limits.begin(), limits.end());
          const int status = run_once(run_command, environment);
          if (status != 0) {
            std::cerr << "tally run: run " << done << " of " << total << (run.side.empty() ? "" : " (" + run.side + ")")
                      << " failed with exit code " << status << "; the study stops here\n";
            return status;
          }
        }
      }
    }
  }
  std::cerr << "tally run: " << total << " runs done in " << elapsed_since(start) << '\n';
  return 0;
}

} // namespace tally::cli
