// SPDX-License-Identifier: BSD-3-Clause
// The end of one run from the time limits of its command's Slurm launcher.
#include "cli/slurm_time_limits.hpp"

#include "cli/command_words.hpp"
#include "cli/slurm_time_left.hpp"

#include "tally/model/profiler_options.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace tally::cli {
namespace {

/// What the first Slurm launcher of a command starts, and its -t in seconds if it has one.
struct SlurmLaunch {
  bool submits_a_job = false; ///< sbatch, salloc; else a step (srun)
  std::optional<std::uint64_t> limit_s;
};

/// The value of the -t (--time) option of the launcher at `launcher`, read up to its program (the
/// first word after it that names a file), so that the program's own -t is not taken for it.
std::optional<std::string> time_option(const std::vector<std::string>& words, std::size_t launcher) {
  for (std::size_t at = launcher + 1; at < words.size(); ++at) {
    const std::string& word = words[at];
    if (word == "-t" || word == "--time") return at + 1 < words.size() ? std::optional(words[at + 1]) : std::nullopt;
    if (word.starts_with("--time=")) return word.substr(std::string_view("--time=").size());
    if (word.starts_with("-t") && !word.starts_with("--")) return word.substr(2);
    if (!word.starts_with('-') && !program_file(word).empty()) break;
  }
  return std::nullopt;
}

/// The first Slurm launcher of a command, looked for in a shell's script too (`bash -c "srun
/// ..."`); nullopt for a command without one.
std::optional<SlurmLaunch> first_slurm_launch(const std::vector<std::string>& words) {
  for (std::size_t at = 0; at < words.size(); ++at) {
    if (words[at].find_first_of(" \t\n") != std::string::npos) {
      if (auto launch = first_slurm_launch(script_words(words[at]))) return launch;
      continue;
    }
    const std::string name = std::filesystem::path(words[at]).filename().string();
    if (name != "srun" && name != "sbatch" && name != "salloc") continue;
    const std::optional<std::string> limit = time_option(words, at);
    return SlurmLaunch{name != "srun", limit ? parse_time_limit(*limit) : std::nullopt};
  }
  return std::nullopt;
}

std::string variable_of(std::string_view option) { return std::string(model::find_profiler_option(option)->variable); }

} // namespace

Environment time_limit_environment(const std::vector<std::string>& command, std::optional<std::uint64_t> job_end_s,
                                   std::uint64_t now_s) {
  const std::optional<SlurmLaunch> launch = first_slurm_launch(command);
  if (!launch) return {};
  if (launch->submits_a_job) {
    // Empty is unset to the profiler: the new job's own SLURM_JOB_END_TIME, where Slurm sets one, applies.
    Environment environment{{variable_of("job-end-time"), ""}};
    if (launch->limit_s) environment.emplace_back(variable_of("job-time-limit"), std::to_string(*launch->limit_s));
    return environment;
  }
  if (!launch->limit_s) return {};
  const std::uint64_t step_end_s = now_s + *launch->limit_s;
  return {{variable_of("job-end-time"), std::to_string(job_end_s ? std::min(*job_end_s, step_end_s) : step_end_s)}};
}

Environment time_limit_environment(const std::vector<std::string>& command) {
  std::optional<std::uint64_t> job_end_s;
  if (const char* end = std::getenv(variable_of("job-end-time").c_str()); end && *end) {
    std::uint64_t value = 0;
    const auto [last, error] = std::from_chars(end, end + std::char_traits<char>::length(end), value);
    if (error == std::errc{} && *last == '\0') job_end_s = value;
  }
  return time_limit_environment(command, job_end_s, static_cast<std::uint64_t>(std::time(nullptr)));
}

} // namespace tally::cli
