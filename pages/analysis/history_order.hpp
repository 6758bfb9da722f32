// The commit order from git: the first-parent history of the published branch.
#pragma once

#include "analysis/commit_order.hpp"

#include <string>
#include <variant>

namespace tally::pages {

/// Commits with runs in branch order, with their title, author and date; runs of other commits
/// are listed as off-branch. An error names the repository and the branch.
std::variant<CommitAxis, std::string> order_by_git_history(const RunSet& runs, const std::string& repository,
                                                           const std::string& branch);

} // namespace tally::pages
