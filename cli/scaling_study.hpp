// SPDX-License-Identifier: BSD-3-Clause
// A scaling study in one call: the same command at several resource sizes ({ranks} in the
// command), optionally with a problem size per scale ({size}, weak scaling), repeated.
#pragma once

#include <string>
#include <variant>
#include <vector>

namespace tally::cli {

struct StudyPlan {
  std::vector<std::string> scales; ///< replaces {ranks}
  std::vector<std::string> sizes;  ///< replaces {size}; empty, or one per scale
  unsigned repeat = 1;
};

/// The command of one run, with its placeholders replaced.
std::vector<std::string> study_command(const std::vector<std::string>& command, const std::string& scale,
                                       const std::string& size);

/// Why the plan cannot run with this command (empty when it can): sizes not matching scales, or
/// a placeholder the command lacks.
std::string check_study(const std::vector<std::string>& command, const StudyPlan& plan);

/// Runs every scale × repetition one after the other, with progress on stderr. Stops at the
/// first run that fails and returns its exit code (128 + signal when killed); 0 when all passed.
int run_study(const std::vector<std::string>& command, const StudyPlan& plan);

} // namespace tally::cli
