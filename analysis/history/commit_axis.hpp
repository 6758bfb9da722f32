// The x axis of the site: the commits that have runs, oldest first, in branch order (git
// history) or, without a repository, by the commit time recorded in the documents.
#pragma once

#include "analysis/ingest/run_loader.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tally::analysis::history {

struct CommitEntry {
  std::string sha;       ///< as in the documents (full or short); "" for runs without a commit
  std::string short_sha; ///< 7 characters, or "local"
  std::string title;     ///< from git, when known
  std::string author;
  std::string time; ///< UTC ISO 8601, when known
};

struct CommitAxis {
  std::vector<CommitEntry> commits;    ///< oldest first
  std::vector<CommitEntry> off_branch; ///< commits with runs that are not in the branch's history
  /// The position in `commits` of a document's commit string; absent for off-branch commits.
  std::optional<std::size_t> position(const model::RunDocument& document) const;
  std::map<std::string, std::size_t> index; ///< document commit string -> position
};

/// The commit of a document as the site groups it ("" when the run has no source).
std::string commit_of(const model::RunDocument& document);

/// Orders commits by the commit time in the documents (then the earliest run start).
CommitAxis order_by_document_time(const ingest::RunSet& runs);

} // namespace tally::analysis::history
