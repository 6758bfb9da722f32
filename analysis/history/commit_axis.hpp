// SPDX-License-Identifier: BSD-3-Clause
// The x axis of the site, and the order the gate and prune walk: the commits that have runs,
// oldest first, in branch order (git history) or, without a repository, by the commit time
// recorded in the documents. Which commit a document's id names is CommitResolver's rule.
#pragma once

#include "analysis/history/commit_resolver.hpp"
#include "analysis/ingest/run_loader.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tally::analysis::history {

/// One commit with runs.
struct CommitEntry {
  std::string sha;       ///< from git; without git the longest id the documents write for it; "" without a commit
  std::string short_sha; ///< 7 characters, or "local"
  std::string title;     ///< from git, when known; why an entry is off the axis
  std::string author;    ///< from git, when known
  std::string time;      ///< UTC ISO 8601, when known
  std::vector<std::string> ids; ///< the ids the documents write for this commit (full, short, any case), sorted
};

/// The commits with runs, in order, and where every document's commit id stands.
struct CommitAxis {
  std::vector<CommitEntry> commits;    ///< oldest first
  std::vector<CommitEntry> off_branch; ///< runs off the axis: not in the branch's history, ambiguous, without a commit
  std::vector<AmbiguousId> ambiguous;  ///< document ids naming several commits (also in off_branch), sorted by id
  /// The position in `commits` of a document's commit string; absent for off-branch commits.
  std::optional<std::size_t> position(const model::RunDocument& document) const;
  std::map<std::string, std::size_t> index; ///< document commit string -> position
};

/// The commit of a document as the site groups it ("" when the run has no source).
std::string commit_of(const model::RunDocument& document);

/// When the runs of one document commit id happened, for ordering without git.
struct IdTimes {
  std::string commit_time; ///< recorded in the documents, "" when none does
  std::string first_start; ///< the earliest run's start

  /// Adds another run's times (or another id's, when ids are grouped): the earliest of each.
  void add(const IdTimes& other);
};

/// Orders commits by commit time (else their earliest run), then id. Without git a commit is known
/// by the longest id the documents write for it: a shorter id it starts with, or the same in
/// another case, names the same commit; an id that several commits start with is ambiguous.
CommitAxis order_by_time(const std::map<std::string, IdTimes>& ids);

/// `order_by_time` of the documents' commit ids.
CommitAxis order_by_document_time(const ingest::RunSet& runs);

} // namespace tally::analysis::history
