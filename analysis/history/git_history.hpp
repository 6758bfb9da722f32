// SPDX-License-Identifier: BSD-3-Clause
// A git repository seen by `tally pages` and `tally gate`: revisions, the first-parent history of
// a branch, merge bases. Read-only, built on libgit2; no exception crosses this interface.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

struct git_repository;

namespace tally::analysis::history {

/// What went wrong, as one line naming the repository and the revision: `/repo: no branch, ... 'x'`.
struct GitError {
  std::string message;
};

/// A value, or why there is none.
template <class T> using GitResult = std::variant<T, GitError>;

/// One commit. Text fields are the bytes of the commit object, unchanged (not necessarily UTF-8,
/// never escaped): escaping is the renderer's job.
struct CommitInfo {
  std::string sha;                  ///< full hexadecimal id
  std::string short_sha;            ///< shortest unique abbreviation in the repository, at least 7 digits
  std::string title;                ///< first paragraph of the message, on one line
  std::string author;               ///< author name
  std::string time_utc;             ///< committer time, `YYYY-MM-DDTHH:MM:SSZ`
  std::vector<std::string> parents; ///< full ids, first parent first; listed even when not fetched
};

/// Why a first-parent history stops where it does.
enum class HistoryEnd {
  root,             ///< at a commit without parents: the history is complete
  shallow_boundary, ///< at the oldest fetched commit of a shallow clone (`git clone --depth N`)
  limit,            ///< after the number of commits asked for
};

/// The first-parent history of a revision: the commits a branch pointed to, one after the other.
struct History {
  std::vector<CommitInfo> commits; ///< newest first; commits[0] is the revision itself
  HistoryEnd end = HistoryEnd::root;
};

/// Each instance holds one reference to libgit2's global state (libgit2 counts them itself).
class Libgit2Reference {
public:
  Libgit2Reference();
  Libgit2Reference(const Libgit2Reference&);
  Libgit2Reference& operator=(const Libgit2Reference&) { return *this; }
  ~Libgit2Reference();
};

/// An open repository. Movable, not copyable; use it from one thread at a time.
class GitRepository {
public:
  /// Opens the repository containing `path` (its work tree, any folder below it, or a bare repository).
  static GitResult<GitRepository> open(const std::filesystem::path& path);

  /// The full id of the commit a revision names: `HEAD`, `HEAD~1`, `main`, `origin/main`, a tag,
  /// a full or short sha. A branch name known only as `origin/<name>` resolves to that, because CI
  /// checkouts are detached and often have no local branches.
  GitResult<std::string> resolve(const std::string& revision) const;

  /// The commits reached from `revision` by following first parents, newest first, at most
  /// `limit` of them (0: no limit). The feature commits of a merge are not in it; the merge is.
  /// A shallow clone's history ends at its oldest fetched commit, without error.
  GitResult<History> first_parent_history(const std::string& revision, std::size_t limit = 0) const;

  /// The commit a revision names; nullopt when there is no such commit.
  std::optional<CommitInfo> commit(const std::string& revision) const;

  /// The best common ancestor of two revisions; nullopt when they have none that is known
  /// (unrelated histories, or a shallow clone that does not reach it).
  GitResult<std::optional<std::string>> merge_base(const std::string& a, const std::string& b) const;

  /// The folder messages name: the work tree, or the git folder of a bare repository.
  const std::string& path() const { return path_; }

private:
  struct Closer {
    void operator()(git_repository* repository) const noexcept;
  };
  GitRepository(git_repository* repository, std::string path);

  Libgit2Reference library_; // first member: released last, after the repository is freed
  std::unique_ptr<git_repository, Closer> repository_;
  std::string path_;
};

} // namespace tally::analysis::history
