// SPDX-License-Identifier: BSD-3-Clause
// The retention policy of `tally prune`, on the commit axis the site and the gate use
// (branch_axis.hpp with a repository, commit_axis.hpp without).
#include "analysis/history/prune_plan.hpp"

#include "analysis/history/branch_axis.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace tally::analysis::history {
namespace {

/// The documents of one commit id of one branch, and when it was made.
struct IdRuns {
  IdTimes times;
  std::vector<std::filesystem::path> files;
};

PlannedCommit planned(const CommitEntry& entry, const std::map<std::string, IdRuns>& ids) {
  PlannedCommit out{entry.sha, entry.ids, {}, true};
  for (const std::string& id : entry.ids) {
    const std::vector<std::filesystem::path>& files = ids.at(id).files;
    out.files.insert(out.files.end(), files.begin(), files.end());
  }
  return out;
}

/// The commits of `axis` newest first, then those off it by time, newest first.
std::vector<PlannedCommit> newest_first(const CommitAxis& axis, const std::map<std::string, IdRuns>& ids) {
  std::vector<PlannedCommit> out;
  for (auto it = axis.commits.rbegin(); it != axis.commits.rend(); ++it)
    out.push_back(planned(*it, ids));
  const auto time_of = [&ids](const CommitEntry& entry) -> const std::string& {
    const IdTimes& times = ids.at(entry.ids.front()).times;
    return times.commit_time.empty() ? times.first_start : times.commit_time;
  };
  std::vector<const CommitEntry*> off;
  for (const CommitEntry& entry : axis.off_branch)
    off.push_back(&entry);
  std::sort(off.begin(), off.end(), [&time_of](const CommitEntry* a, const CommitEntry* b) {
    return std::tie(time_of(*b), a->sha) < std::tie(time_of(*a), b->sha);
  });
  for (const CommitEntry* entry : off)
    out.push_back(planned(*entry, ids));
  return out;
}

BranchPlan plan_branch(const std::string& branch, const std::map<std::string, IdRuns>& ids, const PruneRequest& request,
                       const GitRepository* repository) {
  BranchPlan plan;
  plan.branch = branch;
  plan.kept_whole =
      std::find(request.keep_branches.begin(), request.keep_branches.end(), branch) != request.keep_branches.end();
  std::map<std::string, IdTimes> times;
  for (const auto& [id, runs] : ids)
    times.emplace(id, runs.times);
  CommitAxis axis;
  // A branch kept whole needs no order, so its history is not read.
  const auto history = repository && !plan.kept_whole ? repository->first_parent_history(branch) : GitResult<History>();
  if (const auto* error = std::get_if<GitError>(&history)) plan.history_error = error->message;
  if (repository && !plan.kept_whole && plan.history_error.empty()) {
    std::set<std::string> with_runs;
    for (const auto& entry : ids)
      with_runs.insert(entry.first);
    axis = order_along_history(std::get<History>(history).commits, with_runs);
  } else {
    axis = order_by_time(times);
  }
  plan.ambiguous = axis.ambiguous;
  plan.commits = newest_first(axis, ids);
  for (std::size_t i = 0; i < plan.commits.size(); ++i)
    plan.commits[i].kept = plan.kept_whole || i < request.keep_commits;
  return plan;
}

} // namespace

std::size_t BranchPlan::kept() const {
  return static_cast<std::size_t>(
      std::count_if(commits.begin(), commits.end(), [](const PlannedCommit& commit) { return commit.kept; }));
}

PrunePlan plan_prune(const ingest::RunSet& runs, const PruneRequest& request, const GitRepository* repository) {
  PrunePlan plan;
  std::map<std::string, std::map<std::string, IdRuns>> branches; // branch -> commit id -> runs
  for (const ingest::LoadedRun& run : runs.runs) {
    const auto& source = run.document.source;
    if (!source || source->branch.empty() || source->commit.empty()) {
      ++plan.without_branch;
      continue;
    }
    IdRuns& entry = branches[source->branch][source->commit];
    entry.times.add(IdTimes{source->commit_time.value_or(""), run.document.run.start_time});
    entry.files.push_back(run.file);
  }
  for (const auto& [branch, ids] : branches)
    plan.branches.push_back(plan_branch(branch, ids, request, repository));
  return plan;
}

} // namespace tally::analysis::history
