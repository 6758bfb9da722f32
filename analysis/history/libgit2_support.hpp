// SPDX-License-Identifier: BSD-3-Clause
// Private to analysis/history: owning handles for libgit2 objects, the text of libgit2's last error,
// and the conversion of a commit object into a CommitInfo.
#pragma once

#include "analysis/history/git_history.hpp"

#include <git2.h>

#include <memory>
#include <optional>
#include <string>

namespace tally::analysis::history::git_support {

struct ObjectFree {
  void operator()(git_object* object) const noexcept { git_object_free(object); }
};
struct CommitFree {
  void operator()(git_commit* commit) const noexcept { git_commit_free(commit); }
};
using OwnedObject = std::unique_ptr<git_object, ObjectFree>;
using OwnedCommit = std::unique_ptr<git_commit, CommitFree>;

/// libgit2's message for the last failed call on this thread, or "error <code>" when it left none.
std::string last_error_text(int code);

/// The full hexadecimal form of an id.
std::string hex(const git_oid& id);

/// Seconds since the epoch as `YYYY-MM-DDTHH:MM:SSZ`.
std::string utc_iso8601(git_time_t seconds);

/// Everything the site shows of a commit.
CommitInfo commit_info(git_commit* commit);

/// Looks up the commit a revision names, peeling tags. Returns libgit2's code (0, GIT_ENOTFOUND,
/// GIT_EAMBIGUOUS, GIT_EINVALIDSPEC, ...); `not_a_commit` tells a revision naming a tree or blob.
int lookup_commit(git_repository* repository, const std::string& revision, OwnedCommit& out, bool& not_a_commit);

/// True when HEAD is unborn and no reference exists: a repository without any commit yet.
bool has_no_commits(git_repository* repository);

/// The best common ancestor of two commits of a shallow clone (nullopt: none fetched), where
/// git_merge_base fails at the shallow boundary. Returns 0 or libgit2's code.
int shallow_merge_base(git_repository* repository, const git_oid& a, const git_oid& b, std::optional<std::string>& out);

/// The one-line message for a failed lookup_commit, naming the repository `path` and the revision.
GitError revision_error(git_repository* repository, const std::string& path, const std::string& revision, int code,
                        bool not_a_commit);

} // namespace tally::analysis::history::git_support
