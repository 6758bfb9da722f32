// SPDX-License-Identifier: BSD-3-Clause
// The A/B study's order, checks and run environment.
#include "cli/ab_study.hpp"

#include "tally/model/profiler_options.hpp"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string_view>
#include <unistd.h>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

/// Where execvp finds `program`: itself when it names a path, else the first executable of that
/// name in PATH; empty when none.
fs::path find_program(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::string_view folders = path ? path : "";
  while (!folders.empty()) {
    const std::size_t colon = folders.find(':');
    const fs::path candidate = fs::path(folders.substr(0, colon).empty() ? "." : folders.substr(0, colon)) / program;
    if (access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate)) return candidate;
    folders = colon == std::string_view::npos ? "" : folders.substr(colon + 1);
  }
  return {};
}

/// Why `program` cannot be run, starting with the option that named it; empty when it can.
std::string program_problem(const std::string& option, const std::string& program) {
  if (program.empty()) return option + " needs a program";
  const fs::path found = find_program(program);
  std::error_code error;
  if (found.empty()) return option + " " + program + ": not found in PATH";
  if (!fs::exists(found, error)) return option + " " + program + ": no such file";
  if (fs::is_directory(found, error)) return option + " " + program + ": a folder, not a program";
  if (access(found.c_str(), X_OK) != 0) return option + " " + program + ": not executable";
  return "";
}

std::string variable(std::string_view option) { return std::string(model::find_profiler_option(option)->variable); }

} // namespace

model::AbSide side_of_run(std::size_t index) {
  const bool odd_pair = index / 2 % 2 == 0;
  const bool first_of_pair = index % 2 == 0;
  return odd_pair == first_of_pair ? model::AbSide::baseline : model::AbSide::candidate;
}

std::string check_ab_plan(const AbPlan& plan) {
  if (plan.baseline.empty() && plan.candidate.empty()) return "";
  if (plan.candidate.empty()) return "--baseline needs --candidate: an A/B study runs two programs";
  if (plan.baseline.empty()) return "--candidate needs --baseline: an A/B study runs two programs";
  for (const auto& [option, program] : {std::pair{"--baseline", &plan.baseline}, {"--candidate", &plan.candidate}}) {
    if (std::string problem = program_problem(option, *program); !problem.empty()) return problem;
  }
  if (plan.baseline_commit.empty()) {
    return "--baseline needs the commit the baseline was built from: --baseline-commit SHA (in a GitLab merge "
           "request pipeline, CI_MERGE_REQUEST_DIFF_BASE_SHA gives it)";
  }
  return "";
}

std::string new_ab_study_id() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char time[32];
  std::strftime(time, sizeof time, "%Y%m%dT%H%M%SZ", &utc);
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  return std::string(time) + "-" + host + "-" + std::to_string(getpid());
}

std::vector<std::pair<std::string, std::string>> ab_run_environment(const AbPlan& plan, const std::string& study_id,
                                                                    model::AbSide side, std::size_t pair) {
  std::vector<std::pair<std::string, std::string>> out{{variable("ab-study"), study_id},
                                                       {variable("ab-side"), std::string(to_string(side))},
                                                       {variable("ab-pair"), std::to_string(pair)}};
  if (side == model::AbSide::baseline) {
    out.emplace_back(variable("commit"), plan.baseline_commit);
    out.emplace_back(variable("branch"), plan.baseline_branch);
    // The commit time `tally run` knows is the candidate's; the baseline's is not asked for.
    out.emplace_back(variable("commit-time"), "");
  }
  return out;
}

} // namespace tally::cli
