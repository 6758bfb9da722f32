// SPDX-License-Identifier: BSD-3-Clause
// The profiler's options, read once at start from the TALLY_* environment variables declared
// in tally::model::profiler_options().
#pragma once

#include "tally/model/ab_study.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tally::profiler {

struct Options {
  std::string output;
  std::string experiment;
  std::string label;
  std::string scaling;
  bool summary = false;
  bool counters = true;
  std::string powercap_root;
  std::string nvml_library;
  bool cuda = true;
  bool openacc = true;
  bool rocm = true;
  std::string clock;
  bool per_rank = false;
  std::uint64_t ranks_per_node = 0;
  std::string said_warnings; ///< the file of warnings said by earlier runs of a study; empty: none
  std::vector<std::string> skip_programs;
  std::chrono::seconds hang_timeout{0}; ///< zero: no hang timeout
  /// When the batch job's time limit ends the run (Unix seconds), when known: the hang watchdog
  /// names a waiting rank before it (hang_rule.hpp).
  std::optional<std::uint64_t> job_end_time_s;
  /// The CPU frequency the run was asked to run at (kHz): TALLY_CPU_FREQUENCY, else Slurm's request.
  std::optional<std::uint64_t> cpu_frequency_khz;
  std::string commit;
  std::string branch;
  std::string commit_time;
  std::optional<model::AbStudyRun> ab_study; ///< the run's place in an A/B study, when it is in one
};

/// Reads every option; a malformed value keeps the default and adds a line to `problems`.
Options read_options(std::vector<std::string>& problems);

} // namespace tally::profiler
