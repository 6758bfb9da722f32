// SPDX-License-Identifier: BSD-3-Clause
// The first-parent history of a revision: the order in which `tally pages` places runs.
#include "analysis/history/git_history.hpp"
#include "analysis/history/libgit2_support.hpp"

namespace tally::analysis::history {
using git_support::OwnedCommit;

// Walked by hand rather than with git_revwalk: following parent 0 gives the branch order by
// construction, whatever the commit dates say (a rebased commit can be older than its parent),
// and libgit2 1.5 knows nothing of shallow clones, so a revwalk fails at the first missing
// parent where this walk can stop cleanly.
GitResult<History> GitRepository::first_parent_history(const std::string& revision, std::size_t limit) const {
  git_repository* repository = repository_.get();
  OwnedCommit current;
  bool not_a_commit = false;
  const int found = git_support::lookup_commit(repository, revision, current, not_a_commit);
  if (found < 0) return git_support::revision_error(repository, path_, revision, found, not_a_commit);

  History history;
  for (;;) {
    history.commits.push_back(git_support::commit_info(current.get()));
    if (git_commit_parentcount(current.get()) == 0) {
      history.end = HistoryEnd::root;
      break;
    }
    if (limit != 0 && history.commits.size() == limit) {
      history.end = HistoryEnd::limit;
      break;
    }
    git_commit* parent = nullptr;
    const int code = git_commit_parent(&parent, current.get(), 0);
    if (code == GIT_ENOTFOUND && git_repository_is_shallow(repository) == 1) {
      history.end = HistoryEnd::shallow_boundary;
      break;
    }
    if (code < 0) {
      const CommitInfo& last = history.commits.back();
      return GitError{path_ + ": history of '" + revision + "' is broken: parent " + last.parents.front() + " of " +
                      last.sha + " cannot be read: " + git_support::last_error_text(code)};
    }
    current.reset(parent);
  }
  return history;
}

} // namespace tally::analysis::history
