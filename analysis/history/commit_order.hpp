// SPDX-License-Identifier: BSD-3-Clause
// Places the commits that have runs along a branch's first-parent history: the x axis of every
// series on the site. Pure: no git access, so it is tested with made-up histories.
#pragma once

#include "analysis/history/commit_resolver.hpp"
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
  std::vector<std::string> not_on_branch; ///< ids naming no commit of the history, as written, sorted
  std::vector<AmbiguousId> ambiguous;     ///< ids naming several commits of the history, sorted by id
};

/// Orders the commits with runs by `first_parent_history` (newest first, as GitRepository gives
/// it), never by time. Which commit a run's id names is CommitResolver's rule, among the commits of
/// this history.
CommitOrder order_commits(const std::vector<CommitInfo>& first_parent_history,
                          const std::set<std::string>& commits_with_runs);

} // namespace tally::analysis::history
