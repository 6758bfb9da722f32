// SPDX-License-Identifier: BSD-3-Clause
// Slurm's task environment, read once at the end of the run (and by the hang watchdog's document).
#include "core/slurm_job.hpp"

#include "tally/model/profiler_options.hpp"
#include "tally/model/utc_time.hpp"

#include <charconv>
#include <cstdlib>

namespace tally::profiler {
namespace {

std::optional<std::string> variable(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? std::optional<std::string>(value) : std::nullopt;
}

std::optional<std::uint64_t> positive_seconds(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value == 0) return std::nullopt;
  return value;
}

} // namespace

std::optional<std::uint64_t> job_end_time_s(std::vector<std::string>& problems, std::uint64_t now_s) {
  const std::string tally_variable(model::find_profiler_option("job-end-time")->variable);
  if (const auto own = variable(tally_variable.c_str())) {
    if (const auto seconds = positive_seconds(*own)) return seconds;
    problems.push_back(tally_variable + "=" + *own + " is not a Unix time in seconds; no job end time");
    return std::nullopt;
  }
  // Slurm's own value, when it sets one, is a plain number of seconds; anything else names no end.
  if (const auto slurm = variable("SLURM_JOB_END_TIME")) return positive_seconds(*slurm);
  // A job whose start nobody told: it began at most the batch script's first seconds before this
  // process, so the end is that much late at most.
  const std::string limit_variable(model::find_profiler_option("job-time-limit")->variable);
  const auto limit = variable(limit_variable.c_str());
  if (!limit) return std::nullopt;
  if (const auto seconds = positive_seconds(*limit)) return now_s + *seconds;
  problems.push_back(limit_variable + "=" + *limit + " is not a number of seconds; no job end time");
  return std::nullopt;
}

std::optional<model::BatchJob> slurm_job(std::optional<std::uint64_t> end_time_s) {
  const auto id = variable("SLURM_JOB_ID");
  if (!id) return std::nullopt;
  model::BatchJob job;
  job.id = *id;
  job.step = variable("SLURM_STEP_ID");
  job.partition = variable("SLURM_JOB_PARTITION");
  job.node_list = variable("SLURM_STEP_NODELIST");
  if (!job.node_list) job.node_list = variable("SLURM_JOB_NODELIST");
  if (end_time_s) job.end_time = model::utc_iso8601(static_cast<std::time_t>(*end_time_s));
  return job;
}

} // namespace tally::profiler
