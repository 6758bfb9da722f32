// The commit order from git: the first-parent history of the published branch.
#pragma once

#include "analysis/history/commit_axis.hpp"

#include <string>
#include <variant>

namespace tally::analysis::history {

/// Commits with runs in branch order, with their title, author and date; runs of other commits
/// are listed as off-branch. An error names the repository and the branch.
std::variant<CommitAxis, std::string> order_by_git_history(const ingest::RunSet& runs, const std::string& repository,
                                                           const std::string& branch);

} // namespace tally::analysis::history
