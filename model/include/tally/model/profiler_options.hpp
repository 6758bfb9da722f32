// SPDX-License-Identifier: BSD-3-Clause
// The profiler's configuration, declared once: one row per option. The profiler reads the
// environment variables from it, and `tally run` derives its options and --help from it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tally::model {

struct OptionInfo {
  std::string_view name;          ///< `tally run --NAME` (kebab-case)
  std::string_view variable;      ///< environment variable read by the profiler
  std::string_view type;          ///< "on|off", "text", "folder", "count", or the allowed words
  std::string_view default_value; ///< as the user would write it; empty when unset
  std::string_view unit;          ///< empty when none
  std::string_view description;
  std::string_view run_default = {}; ///< what `tally run` and the CI scripts set when the user does not; empty: none
};

/// Every option of the profiler, in the order they are documented.
std::span<const OptionInfo> profiler_options();

/// The row of an option, by its name; nullptr for an unknown name.
const OptionInfo* find_profiler_option(std::string_view name);

/// A duration option's value: a whole number with the unit `s`, `m` or `h` ("90s", "10m", "1h"),
/// or "0" / "off" for none (zero). nullopt when the text is none of these.
std::optional<std::chrono::seconds> parse_duration(std::string_view text);

/// A frequency option's value in kHz (the unit of Slurm's --cpu-freq and of cpufreq's sysfs): a
/// whole number of kHz, or a number with the unit kHz, MHz or GHz ("2400MHz", "2.4GHz"), exact
/// to the kHz. nullopt for anything else, zero, or above 100 GHz.
std::optional<std::uint64_t> parse_frequency_khz(std::string_view text);

} // namespace tally::model
