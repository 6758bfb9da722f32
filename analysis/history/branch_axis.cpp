// SPDX-License-Identifier: BSD-3-Clause
// Commit order from a first-parent history (commit_order.hpp), never from dates.
#include "analysis/history/branch_axis.hpp"

#include "analysis/history/commit_order.hpp"

namespace tally::analysis::history {

CommitAxis order_along_history(const std::vector<CommitInfo>& first_parent_history, const std::set<std::string>& ids) {
  std::set<std::string> with_commit = ids;
  const bool without_commit = with_commit.erase("") > 0;
  const CommitOrder placed = order_commits(first_parent_history, with_commit);

  CommitAxis axis;
  for (const OrderedCommit& ordered : placed.on_branch) {
    for (const std::string& id : ordered.run_commits)
      axis.index[id] = axis.commits.size();
    const CommitInfo& commit = ordered.commit;
    axis.commits.push_back(
        CommitEntry{commit.sha, commit.short_sha, commit.title, commit.author, commit.time_utc, ordered.run_commits});
  }
  for (const std::string& id : placed.not_on_branch)
    axis.off_branch.push_back(CommitEntry{id, id.substr(0, 7), "", "", "", {id}});
  for (const AmbiguousId& ambiguous : placed.ambiguous) {
    axis.off_branch.push_back(
        CommitEntry{ambiguous.id, ambiguous.id.substr(0, 7), describe(ambiguous), "", "", {ambiguous.id}});
  }
  axis.ambiguous = placed.ambiguous;
  if (without_commit) axis.off_branch.push_back(CommitEntry{"", "local", "runs without a commit", "", "", {""}});
  return axis;
}

std::variant<CommitAxis, std::string> order_by_git_history(const ingest::RunSet& runs, const std::string& repository,
                                                           const std::string& branch) {
  auto opened = GitRepository::open(repository);
  if (const auto* error = std::get_if<GitError>(&opened)) return error->message;
  const GitRepository& git = std::get<GitRepository>(opened);
  const auto history = git.first_parent_history(branch);
  if (const auto* error = std::get_if<GitError>(&history)) return error->message;

  std::set<std::string> ids;
  for (const ingest::LoadedRun& run : runs.runs)
    ids.insert(commit_of(run.document));
  return order_along_history(std::get<History>(history).commits, ids);
}

} // namespace tally::analysis::history
