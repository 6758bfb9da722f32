// Commit order from the branch's first-parent history (history/), never from dates.
#include "analysis/history/branch_axis.hpp"

#include "analysis/history/commit_order.hpp"
#include "analysis/history/git_history.hpp"

#include <set>

namespace tally::analysis::history {

std::variant<CommitAxis, std::string> order_by_git_history(const ingest::RunSet& runs, const std::string& repository,
                                                           const std::string& branch) {
  auto opened = GitRepository::open(repository);
  if (const auto* error = std::get_if<GitError>(&opened)) return error->message;
  const GitRepository& git = std::get<GitRepository>(opened);
  const auto history = git.first_parent_history(branch);
  if (const auto* error = std::get_if<GitError>(&history)) return error->message;

  std::set<std::string> with_runs;
  bool without_commit = false;
  for (const ingest::LoadedRun& run : runs.runs) {
    const std::string commit = commit_of(run.document);
    if (commit.empty())
      without_commit = true;
    else
      with_runs.insert(commit);
  }
  const CommitOrder placed = order_commits(std::get<History>(history).commits, with_runs);

  CommitAxis axis;
  for (const OrderedCommit& ordered : placed.on_branch) {
    for (const std::string& id : ordered.run_commits)
      axis.index[id] = axis.commits.size();
    const CommitInfo& commit = ordered.commit;
    axis.commits.push_back(CommitEntry{commit.sha, commit.short_sha, commit.title, commit.author, commit.time_utc});
  }
  for (const auto* list : {&placed.not_on_branch, &placed.ambiguous}) {
    for (const std::string& id : *list)
      axis.off_branch.push_back(CommitEntry{id, id.substr(0, 7), "", "", ""});
  }
  if (without_commit) axis.off_branch.push_back(CommitEntry{"", "local", "runs without a commit", "", ""});
  return axis;
}

} // namespace tally::analysis::history
