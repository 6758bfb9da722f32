// SPDX-License-Identifier: BSD-3-Clause
// Opening a repository and answering questions about single revisions: resolve, commit, merge base.
// libgit2's global state lives as long as any Libgit2Reference does.
#include "analysis/history/git_history.hpp"
#include "analysis/history/libgit2_support.hpp"

#include <system_error>
#include <utility>

namespace tally::analysis::history {
namespace fs = std::filesystem;
using git_support::last_error_text;
using git_support::lookup_commit;
using git_support::OwnedCommit;

// git_libgit2_init and git_libgit2_shutdown count calls themselves and are thread-safe, so one
// call per instance is all the reference counting needed.
Libgit2Reference::Libgit2Reference() { git_libgit2_init(); }
Libgit2Reference::Libgit2Reference(const Libgit2Reference&) { git_libgit2_init(); }
Libgit2Reference::~Libgit2Reference() { git_libgit2_shutdown(); }

void GitRepository::Closer::operator()(git_repository* repository) const noexcept { git_repository_free(repository); }

GitRepository::GitRepository(git_repository* repository, std::string path)
    : repository_(repository), path_(std::move(path)) {}

namespace {

// Messages name the work tree, as the user knows it, without libgit2's trailing slash.
std::string display_path(git_repository* repository) {
  const char* folder = git_repository_workdir(repository);
  std::string path = folder != nullptr ? folder : git_repository_path(repository);
  if (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

} // namespace

GitResult<GitRepository> GitRepository::open(const fs::path& path) {
  const Libgit2Reference library; // keeps libgit2 usable while its error message is read
  const std::string named = path.string();
  std::error_code missing;
  if (!fs::is_directory(path, missing)) return GitError{named + ": no such folder"};
  git_repository* repository = nullptr;
  // Flags 0: search upwards from `path`, so a subfolder of the work tree works too.
  const int code = git_repository_open_ext(&repository, named.c_str(), 0, nullptr);
  if (code == GIT_ENOTFOUND) return GitError{named + ": not a git repository (nor is any parent folder)"};
  if (code == GIT_EOWNER) {
    // Kept as git does it: trusting a repository of another user is the user's decision.
    return GitError{named + ": " + last_error_text(code) +
                    "; to trust it: git config --global --add safe.directory <its folder>"};
  }
  if (code < 0) return GitError{named + ": cannot open the repository: " + last_error_text(code)};
  std::string shown = display_path(repository);
  return GitRepository(repository, std::move(shown));
}

GitResult<std::string> GitRepository::resolve(const std::string& revision) const {
  OwnedCommit commit;
  bool not_a_commit = false;
  const int code = lookup_commit(repository_.get(), revision, commit, not_a_commit);
  if (code < 0) return git_support::revision_error(repository_.get(), path_, revision, code, not_a_commit);
  return git_support::hex(*git_commit_id(commit.get()));
}

std::optional<CommitInfo> GitRepository::commit(const std::string& revision) const {
  OwnedCommit commit;
  bool not_a_commit = false;
  if (lookup_commit(repository_.get(), revision, commit, not_a_commit) < 0) return std::nullopt;
  return git_support::commit_info(commit.get());
}

GitResult<std::optional<std::string>> GitRepository::merge_base(const std::string& a, const std::string& b) const {
  OwnedCommit commits[2];
  const std::string* revisions[2] = {&a, &b};
  for (int i = 0; i < 2; ++i) {
    bool not_a_commit = false;
    const int code = lookup_commit(repository_.get(), *revisions[i], commits[i], not_a_commit);
    if (code < 0) return git_support::revision_error(repository_.get(), path_, *revisions[i], code, not_a_commit);
  }
  const git_oid* ids[2] = {git_commit_id(commits[0].get()), git_commit_id(commits[1].get())};
  std::optional<std::string> base;
  int code = 0;
  if (git_repository_is_shallow(repository_.get()) == 1) {
    code = git_support::shallow_merge_base(repository_.get(), *ids[0], *ids[1], base);
  } else {
    git_oid found;
    code = git_merge_base(&found, repository_.get(), ids[0], ids[1]);
    if (code == 0) base = git_support::hex(found);
    // Not found: unrelated histories; the gate answers "no merge base" with its fallback.
    if (code == GIT_ENOTFOUND) code = 0;
  }
  if (code < 0) {
    return GitError{path_ + ": cannot find the merge base of '" + a + "' and '" + b + "': " + last_error_text(code)};
  }
  return base;
}

} // namespace tally::analysis::history
