// SPDX-License-Identifier: BSD-3-Clause
// CI variables: GitLab (CI_*) and GitHub Actions (GITHUB_*). tally's own TALLY_* options win.
#include "core/source_info.hpp"

#include "tally/model/utc_time.hpp"

#include <cstdlib>
#include <initializer_list>
#include <string>

namespace tally::profiler {
namespace {

/// The first of `variables` that is set and not empty.
std::string first_set(std::initializer_list<const char*> variables) {
  for (const char* variable : variables) {
    const char* value = std::getenv(variable);
    if (value && *value) return value;
  }
  return "";
}

std::string or_else(const std::string& chosen, std::string fallback) { return chosen.empty() ? fallback : chosen; }

} // namespace

std::optional<model::SourceInfo> source_from_environment(const Options& options) {
  model::SourceInfo source;
  source.commit = or_else(options.commit, first_set({"CI_COMMIT_SHA", "GITHUB_SHA"}));
  if (source.commit.empty()) return std::nullopt;
  if (const std::string default_branch = first_set({"CI_DEFAULT_BRANCH"}); !default_branch.empty()) {
    source.default_branch = default_branch;
  }
  // The baseline of an A/B study is another commit than the pipeline's: the CI's branch, time and
  // merge request are the candidate's, so it records only what `tally run` said of it.
  if (options.ab_study && options.ab_study->side == model::AbSide::baseline) {
    source.branch = options.branch;
    source.commit_time = model::to_utc_iso8601(options.commit_time);
    return source;
  }
  source.branch = or_else(options.branch, first_set({"CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "CI_COMMIT_BRANCH",
                                                     "CI_COMMIT_REF_NAME", "GITHUB_HEAD_REF", "GITHUB_REF_NAME"}));
  // CI_COMMIT_TIMESTAMP is the time of the pipeline's commit, not of another one TALLY_COMMIT names.
  const bool pipeline_commit = source.commit == first_set({"CI_COMMIT_SHA"});
  const std::string time = or_else(options.commit_time, pipeline_commit ? first_set({"CI_COMMIT_TIMESTAMP"}) : "");
  source.commit_time = model::to_utc_iso8601(time);
  const std::string github_event = first_set({"GITHUB_EVENT_NAME"});
  source.is_merge_request = !first_set({"CI_MERGE_REQUEST_IID"}).empty() || github_event == "pull_request" ||
                            github_event == "pull_request_target";
  if (const std::string target = first_set({"CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "GITHUB_BASE_REF"});
      !target.empty()) {
    source.target_branch = target;
  }
  return source;
}

} // namespace tally::profiler
