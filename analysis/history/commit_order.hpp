// Places the commits that have runs along a branch's first-parent history: the x axis of every
// series on the site. Pure: no git access, so it is tested with made-up histories.
#pragma once

#include "analysis/history/git_history.hpp"

#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace tally::analysis::history {

/// A commit of the branch that has runs.
struct OrderedCommit {
  CommitInfo commit;
  std::size_t position = 0;             ///< place in the history given, 0 = its oldest commit
  std::vector<std::string> run_commits; ///< the ids as the run documents write them (full or short), sorted
};

/// Where the runs' commits stand with respect to one branch.
struct CommitOrder {
  std::vector<OrderedCommit> on_branch;   ///< oldest first
  std::vector<std::string> not_on_branch; ///< ids matching no commit of the history, as written, sorted
  std::vector<std::string> ambiguous;     ///< short ids matching several commits of the history, sorted
};

/// Shortest id accepted as an abbreviation, as git's own minimum.
inline constexpr std::size_t minimum_short_sha = 4;

/// Orders the commits with runs by `first_parent_history` (newest first, as GitRepository gives
/// it), never by time. A run's commit id matches a commit of the history when it is a prefix of
/// its sha, of at least `minimum_short_sha` hexadecimal digits, in either case, matching one commit only.
CommitOrder order_commits(const std::vector<CommitInfo>& first_parent_history,
                          const std::set<std::string>& commits_with_runs);

} // namespace tally::analysis::history
