// SPDX-License-Identifier: BSD-3-Clause
// What `tally prune` removes from a history folder of run documents: the branches named stay
// whole; of every other branch, the documents of all but its newest N commits go. Removes nothing.
#pragma once

#include "analysis/history/commit_resolver.hpp"
#include "analysis/history/git_history.hpp"
#include "analysis/ingest/run_loader.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace tally::analysis::history {

struct PruneRequest {
  std::vector<std::string> keep_branches; ///< branches whose runs are all kept
  std::size_t keep_commits = 10;          ///< commits with runs kept on every other branch
};

/// One commit with runs on one branch, and its documents.
struct PlannedCommit {
  std::string commit;                       ///< the full id from git when in the branch's history, else as written
  std::vector<std::string> ids;             ///< the ids its documents write (full, short, any case), sorted
  std::vector<std::filesystem::path> files; ///< its documents
  bool kept = true;
};

/// What happens to the documents of one branch.
struct BranchPlan {
  std::string branch;
  bool kept_whole = false;            ///< named in `keep_branches`
  std::string history_error;          ///< why the branch's history could not be read (then ordered by time)
  std::vector<AmbiguousId> ambiguous; ///< ids naming several commits of the history: ordered by time
  std::vector<PlannedCommit> commits; ///< newest first, so the kept ones first

  /// The number of commits kept.
  std::size_t kept() const;
};

/// What happens to every document.
struct PrunePlan {
  std::vector<BranchPlan> branches; ///< sorted by name
  std::size_t without_branch = 0;   ///< documents without a branch or a commit: kept
};

/// The plan for `runs`. With a repository, a branch's commits are ordered newest first along its
/// first-parent history (a rebased commit dated before its parent is still the newest), and the
/// commits its ids do not name (rebased away, never on it, ambiguous) come after, by time; a branch
/// whose history cannot be read, and every branch without a repository, is ordered by time. Ids
/// name commits by CommitResolver's rule, as on the site and in the gate.
PrunePlan plan_prune(const ingest::RunSet& runs, const PruneRequest& request, const GitRepository* repository);

} // namespace tally::analysis::history
