// SPDX-License-Identifier: BSD-3-Clause
// Running a scaling study: fork, exec and wait per run, so each run is its own process (and its
// own run document), and a failing run stops the study with its exit code. A warning about the
// machine or the setup is said once per study (TALLY_SAID_WARNINGS), not by every run.
#include "cli/scaling_study.hpp"

#include "tally/model/profiler_options.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
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

bool mentions(const std::vector<std::string>& command, const std::string& placeholder) {
  for (const std::string& argument : command) {
    if (argument.find(placeholder) != std::string::npos) return true;
  }
  return false;
}

/// Exit code of one run of `command`: its own, 128 + signal when killed, 127 when it cannot start.
/// A thread count, when given, is the run's OMP_NUM_THREADS (a command that sets it itself wins);
/// a frequency its TALLY_CPU_FREQUENCY, which the profiler records.
int run_once(const std::vector<std::string>& command, const std::string& threads, const std::string& frequency_khz) {
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
    if (!threads.empty()) setenv("OMP_NUM_THREADS", threads.c_str(), 1);
    if (!frequency_khz.empty()) setenv("TALLY_CPU_FREQUENCY", frequency_khz.c_str(), 1);
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

} // namespace

std::vector<std::string> study_command(const std::vector<std::string>& command, const std::string& scale,
                                       const std::string& size, const std::string& threads,
                                       const std::string& frequency_khz) {
  std::vector<std::string> out = command;
  for (std::string& argument : out) {
    replace_all(argument, "{ranks}", scale);
    replace_all(argument, "{size}", size);
    replace_all(argument, "{threads}", threads);
    replace_all(argument, "{frequency}", frequency_khz);
  }
  return out;
}

std::string check_study(const std::vector<std::string>& command, const StudyPlan& plan) {
  if (plan.scales.empty() && !plan.threads.empty())
    return "--threads needs --scales: thread counts are run at every scale";
  if (plan.scales.empty()) return "--frequencies needs --scales: frequencies are run at every scale";
  if (!plan.sizes.empty() && plan.sizes.size() != plan.scales.size()) {
    return "--sizes needs one size per scale (" + std::to_string(plan.scales.size()) + "), got " +
           std::to_string(plan.sizes.size());
  }
  if (!mentions(command, "{ranks}")) return "--scales needs {ranks} in the command, e.g. mpirun -np {ranks} ./app";
  if (!plan.sizes.empty() && !mentions(command, "{size}")) return "--sizes needs {size} in the command";
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
  return "";
}

int run_study(const std::vector<std::string>& command, const StudyPlan& plan) {
  const auto start = std::chrono::steady_clock::now();
  // No --threads is one pass with the thread count the environment gives; no --frequencies one
  // pass at whatever frequency the machine runs.
  const std::vector<std::string> thread_counts = plan.threads.empty() ? std::vector<std::string>{""} : plan.threads;
  const std::vector<std::string> frequencies = frequencies_khz(plan);
  const std::size_t total = plan.scales.size() * thread_counts.size() * frequencies.size() * plan.repeat;
  const SaidWarnings said_warnings;
  std::size_t done = 0;
  for (std::size_t s = 0; s < plan.scales.size(); ++s) {
    const std::string size = plan.sizes.empty() ? "" : plan.sizes[s];
    for (const std::string& threads : thread_counts) {
      for (const std::string& frequency : frequencies) {
        for (unsigned repetition = 1; repetition <= plan.repeat; ++repetition) {
          std::cerr << "tally run: run " << ++done << " of " << total << " · " << plan.scales[s] << " ranks"
                    << (threads.empty() ? "" : " · " + threads + " threads")
                    << (frequency.empty() ? "" : " · " + frequency + " kHz") << (size.empty() ? "" : " · size " + size)
                    << " · repetition " << repetition << " of " << plan.repeat << " · " << elapsed_since(start)
                    << " elapsed\n";
          const int status =
              run_once(study_command(command, plan.scales[s], size, threads, frequency), threads, frequency);
          if (status != 0) {
            std::cerr << "tally run: run " << done << " of " << total << " failed with exit code " << status
                      << "; the study stops here\n";
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
