// SPDX-License-Identifier: BSD-3-Clause
// Environment parsing for the option table. Values that do not parse are reported and replaced
// by the default: a typo must not stop the measured program.
#include "core/options.hpp"

#include "core/slurm_job.hpp"

#include "tally/model/profiler_options.hpp"

#include <charconv>
#include <cstdlib>
#include <ctime>
#include <sstream>

namespace tally::profiler {
namespace {

using model::OptionInfo;

std::string raw_value(const OptionInfo& option) {
  const char* value = std::getenv(std::string(option.variable).c_str());
  return value && *value ? std::string(value) : std::string(option.default_value);
}

std::string text(std::string_view name) { return raw_value(*model::find_profiler_option(name)); }

bool switch_value(std::string_view name, std::vector<std::string>& problems) {
  const OptionInfo& option = *model::find_profiler_option(name);
  const std::string value = raw_value(option);
  if (value == "1" || value == "on" || value == "true" || value == "yes") return true;
  if (value == "0" || value == "off" || value == "false" || value == "no") return false;
  problems.push_back(std::string(option.variable) + "=" + value + " is not on or off; using " +
                     std::string(option.default_value));
  return option.default_value == "on";
}

std::string word_value(std::string_view name, std::vector<std::string>& problems) {
  const OptionInfo& option = *model::find_profiler_option(name);
  const std::string value = raw_value(option);
  std::istringstream allowed{std::string(option.type)};
  for (std::string word; std::getline(allowed, word, '|');) {
    if (word == value) return value;
  }
  if (value.empty()) return value;
  problems.push_back(std::string(option.variable) + "=" + value + " is not one of " + std::string(option.type) +
                     "; ignored");
  return std::string(option.default_value);
}

std::uint64_t count_value(std::string_view name, std::vector<std::string>& problems) {
  const OptionInfo& option = *model::find_profiler_option(name);
  const std::string value = raw_value(option);
  char* end = nullptr;
  const unsigned long long parsed = std::strtoull(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || value[0] == '-') {
    problems.push_back(std::string(option.variable) + "=" + value + " is not a non-negative integer; using " +
                       std::string(option.default_value));
    return std::strtoull(std::string(option.default_value).c_str(), nullptr, 10);
  }
  return parsed;
}

std::chrono::seconds duration_value(std::string_view name, std::vector<std::string>& problems) {
  const OptionInfo& option = *model::find_profiler_option(name);
  const std::string value = raw_value(option);
  if (const auto parsed = model::parse_duration(value)) return *parsed;
  // A typo must not start a watchdog the user did not ask for: off, whatever the default.
  problems.push_back(std::string(option.variable) + "=" + value + " is not a duration (90s, 10m, 1h, or off); off");
  return std::chrono::seconds{0};
}

/// TALLY_CPU_FREQUENCY, else what srun --cpu-freq exported when it names one frequency: a number
/// in kHz. Its other forms (low, high, performance, a range with a governor) name no frequency the
/// run was asked for. A malformed TALLY_CPU_FREQUENCY records nothing rather than a guess.
std::optional<std::uint64_t> frequency_value(std::string_view name, std::vector<std::string>& problems) {
  const OptionInfo& option = *model::find_profiler_option(name);
  const std::string value = raw_value(option);
  if (!value.empty()) {
    if (const auto khz = model::parse_frequency_khz(value)) return khz;
    problems.push_back(std::string(option.variable) + "=" + value +
                       " is not a frequency (2400000 in kHz, 2400MHz or 2.4GHz); not recorded");
    return std::nullopt;
  }
  const char* slurm = std::getenv("SLURM_CPU_FREQ_REQ");
  const std::string_view request = slurm ? slurm : "";
  if (request.empty() || request.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return model::parse_frequency_khz(request);
}

std::vector<std::string> list_value(std::string_view name) {
  std::vector<std::string> out;
  std::istringstream items(text(name));
  for (std::string item; std::getline(items, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

/// TALLY_AB_STUDY, TALLY_AB_SIDE and TALLY_AB_PAIR, which `tally run --baseline --candidate` sets
/// together: all three name the run's place, none names no study; anything else records nothing
/// rather than a pair the gate would match wrongly.
std::optional<model::AbStudyRun> ab_study_value(std::vector<std::string>& problems) {
  const std::string study = text("ab-study");
  const std::string side = text("ab-side");
  const std::string pair = text("ab-pair");
  if (study.empty() && side.empty() && pair.empty()) return std::nullopt;
  const auto known_side = model::ab_side_from_string(side);
  std::uint64_t pair_number = 0;
  const auto [end, error] = std::from_chars(pair.data(), pair.data() + pair.size(), pair_number);
  if (study.empty() || !known_side || error != std::errc{} || end != pair.data() + pair.size() || pair_number == 0) {
    const auto said = [](std::string_view name, const std::string& value) {
      return std::string(model::find_profiler_option(name)->variable) + "=" + value;
    };
    problems.push_back(said("ab-study", study) + ", " + said("ab-side", side) + ", " + said("ab-pair", pair) +
                       " is no run of an A/B study (a study, baseline or candidate, a pair from 1); not recorded");
    return std::nullopt;
  }
  return model::AbStudyRun{study, *known_side, pair_number};
}

} // namespace

Options read_options(std::vector<std::string>& problems) {
  Options out;
  out.output = text("output");
  out.experiment = text("experiment");
  out.label = text("label");
  out.scaling = word_value("scaling", problems);
  out.summary = switch_value("summary", problems);
  out.counters = switch_value("counters", problems);
  out.powercap_root = text("powercap-root");
  out.nvml_library = text("nvml-library");
  out.cuda = switch_value("cuda", problems);
  out.openacc = switch_value("openacc", problems);
  out.rocm = switch_value("rocm", problems);
  out.clock = word_value("clock", problems);
  out.per_rank = switch_value("per-rank", problems);
  out.ranks_per_node = count_value("ranks-per-node", problems);
  out.said_warnings = text("said-warnings");
  out.skip_programs = list_value("skip-programs");
  out.hang_timeout = duration_value("hang-timeout", problems);
  out.job_end_time_s = job_end_time_s(problems, static_cast<std::uint64_t>(std::time(nullptr)));
  out.cpu_frequency_khz = frequency_value("cpu-frequency", problems);
  out.commit = text("commit");
  out.branch = text("branch");
  out.commit_time = text("commit-time");
  out.ab_study = ab_study_value(problems);
  return out;
}

} // namespace tally::profiler
