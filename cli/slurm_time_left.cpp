// SPDX-License-Identifier: BSD-3-Clause
// The job's end from squeue, for the hang watchdog of the runs `tally run` starts.
#include "cli/slurm_time_left.hpp"

#include "tally/model/profiler_options.hpp"

#include <array>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace tally::cli {
namespace {

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0;;) {
    const std::size_t next = text.find(separator, at);
    out.push_back(text.substr(at, next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

/// squeue's first output line, without its newline; empty when it cannot be run. A controller that
/// does not answer must not hold up the run: squeue gets 10 s.
std::string squeue_time_left(const std::string& job_id) {
  const std::string command = "timeout 10 squeue -h -j " + job_id + " -o %L 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return "";
  std::array<char, 128> line{};
  const bool read = std::fgets(line.data(), line.size(), pipe) != nullptr;
  pclose(pipe);
  if (!read) return "";
  std::string out = line.data();
  while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
    out.pop_back();
  return out;
}

} // namespace

std::optional<std::uint64_t> parse_time_left(std::string_view text) {
  std::uint64_t days = 0;
  if (const std::size_t dash = text.find('-'); dash != std::string_view::npos) {
    const auto parsed = whole_number(text.substr(0, dash));
    if (!parsed) return std::nullopt;
    days = *parsed;
    text.remove_prefix(dash + 1);
  }
  const std::vector<std::string_view> fields = split(text, ':');
  if (fields.size() < 2 || fields.size() > 3) return std::nullopt;
  std::uint64_t seconds = 0;
  for (const std::string_view field : fields) {
    const auto value = whole_number(field);
    if (!value) return std::nullopt;
    seconds = seconds * 60 + *value;
  }
  return days * 86'400 + seconds;
}

std::optional<std::uint64_t> parse_time_limit(std::string_view text) {
  std::optional<std::uint64_t> days;
  if (const std::size_t dash = text.find('-'); dash != std::string_view::npos) {
    days = whole_number(text.substr(0, dash));
    if (!days) return std::nullopt;
    text.remove_prefix(dash + 1);
  }
  const std::vector<std::string_view> fields = split(text, ':');
  if (fields.size() > 3) return std::nullopt;
  // The first field counts hours after days or before two more fields, else minutes (-t 30).
  std::uint64_t unit = days || fields.size() == 3 ? 3'600 : 60;
  std::uint64_t seconds = 0;
  for (const std::string_view field : fields) {
    const auto value = whole_number(field);
    if (!value || unit == 0) return std::nullopt;
    seconds += *value * unit;
    unit /= 60;
  }
  return days.value_or(0) * 86'400 + seconds;
}

void set_slurm_job_end_time() {
  const std::string variable(model::find_profiler_option("job-end-time")->variable);
  const auto is_set = [](const char* name) {
    const char* value = std::getenv(name);
    return value && *value;
  };
  if (is_set(variable.c_str()) || is_set("SLURM_JOB_END_TIME") || !is_set("SLURM_JOB_ID")) return;
  const std::string job_id = std::getenv("SLURM_JOB_ID");
  // A job id is digits (an array task's own id too): nothing else reaches the shell.
  if (!whole_number(job_id)) return;
  const auto left = parse_time_left(squeue_time_left(job_id));
  if (!left) return;
  setenv(variable.c_str(), std::to_string(static_cast<std::uint64_t>(std::time(nullptr)) + *left).c_str(), 1);
}

} // namespace tally::cli
