// SPDX-License-Identifier: BSD-3-Clause
// The commit order from git: the first-parent history of a branch or revision, shared by the site
// (`order_by_git_history`), the gate's baseline and prune (`order_along_history`).
#pragma once

#include "analysis/history/commit_axis.hpp"
#include "analysis/history/git_history.hpp"

#include <set>
#include <string>
#include <variant>

namespace tally::analysis::history {

/// The axis along a first-parent history (newest first, as GitRepository gives it): the commits
/// of `ids` (document commit ids) in its order, with title, author and date; ids naming no commit
/// of it, or several (CommitResolver's rule), off it, as is "" (runs without a commit). Pure.
CommitAxis order_along_history(const std::vector<CommitInfo>& first_parent_history, const std::set<std::string>& ids);

/// Commits with runs in branch order, with their title, author and date; runs of other commits
/// are listed as off-branch. An error names the repository and the branch.
std::variant<CommitAxis, std::string> order_by_git_history(const ingest::RunSet& runs, const std::string& repository,
                                                           const std::string& branch);

} // namespace tally::analysis::history
