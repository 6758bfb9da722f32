// SPDX-License-Identifier: BSD-3-Clause
// Conversions from libgit2 objects and errors to the plain types of git_history.hpp.
#include "analysis/history/libgit2_support.hpp"

#include <ctime>

namespace tally::analysis::history::git_support {

std::string last_error_text(int code) {
  const git_error* error = git_error_last();
  if (error != nullptr && error->message != nullptr) return error->message;
  return "error " + std::to_string(code);
}

std::string hex(const git_oid& id) {
  char text[GIT_OID_HEXSZ + 1];
  git_oid_tostr(text, sizeof text, &id);
  return text;
}

std::string utc_iso8601(git_time_t seconds) {
  const std::time_t time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

namespace {

// git_object_short_id grows the abbreviation until it is unique among all objects of the
// repository (at least core.abbrev, 7 by default), as `git log --oneline` does.
std::string short_id(git_commit* commit, const std::string& sha) {
  git_buf buffer = GIT_BUF_INIT;
  std::string result = sha.substr(0, 7);
  if (git_object_short_id(&buffer, reinterpret_cast<const git_object*>(commit)) == 0) {
    result.assign(buffer.ptr, buffer.size);
  }
  git_buf_dispose(&buffer);
  return result;
}

} // namespace

CommitInfo commit_info(git_commit* commit) {
  CommitInfo info;
  info.sha = hex(*git_commit_id(commit));
  info.short_sha = short_id(commit, info.sha);
  // The summary is the first paragraph with its line breaks joined, like `git log --format=%s`.
  const char* summary = git_commit_summary(commit);
  if (summary != nullptr) info.title = summary;
  const git_signature* author = git_commit_author(commit);
  if (author != nullptr && author->name != nullptr) info.author = author->name;
  // git_commit_time is UTC seconds already; the committer's offset only matters for display.
  info.time_utc = utc_iso8601(git_commit_time(commit));
  const unsigned int parent_count = git_commit_parentcount(commit);
  for (unsigned int i = 0; i < parent_count; ++i) {
    info.parents.push_back(hex(*git_commit_parent_id(commit, i)));
  }
  return info;
}

namespace {

int peel_revision(git_repository* repository, const std::string& revision, OwnedCommit& out, bool& not_a_commit) {
  git_object* found = nullptr;
  int code = git_revparse_single(&found, repository, revision.c_str());
  if (code < 0) return code;
  const OwnedObject object(found);
  git_object* peeled = nullptr;
  code = git_object_peel(&peeled, object.get(), GIT_OBJECT_COMMIT);
  if (code < 0) {
    not_a_commit = true;
    return code;
  }
  out.reset(reinterpret_cast<git_commit*>(peeled));
  return 0;
}

} // namespace

int lookup_commit(git_repository* repository, const std::string& revision, OwnedCommit& out, bool& not_a_commit) {
  not_a_commit = false;
  const int code = peel_revision(repository, revision, out, not_a_commit);
  if (code != GIT_ENOTFOUND || not_a_commit) return code;
  // CI checkouts are detached: the target branch often exists only as origin/<name>.
  int valid = 0;
  if (git_branch_name_is_valid(&valid, revision.c_str()) < 0 || valid == 0) return code;
  bool remote_not_a_commit = false;
  if (peel_revision(repository, "refs/remotes/origin/" + revision, out, remote_not_a_commit) == 0) return 0;
  return code;
}

// Not git_repository_is_empty: libgit2 1.5 also wants HEAD to name the configured initial
// branch, so a repository made with `git init -b main` under another default is not "empty".
bool has_no_commits(git_repository* repository) {
  if (git_repository_head_unborn(repository) != 1) return false;
  git_reference_iterator* references = nullptr;
  if (git_reference_iterator_new(&references, repository) < 0) return false;
  git_reference* first = nullptr;
  const bool none = git_reference_next(&first, references) == GIT_ITEROVER;
  git_reference_free(first);
  git_reference_iterator_free(references);
  return none;
}

GitError revision_error(git_repository* repository, const std::string& path, const std::string& revision, int code,
                        bool not_a_commit) {
  const std::string quoted = "'" + revision + "'";
  if (not_a_commit) return {path + ": " + quoted + " is not a commit: " + last_error_text(code)};
  if (code == GIT_ENOTFOUND || code == GIT_EUNBORNBRANCH) {
    if (has_no_commits(repository)) {
      return {path + ": " + quoted + " names no commit: the repository has no commits yet"};
    }
    if (revision == "HEAD" && git_repository_head_unborn(repository) == 1) {
      return {path + ": 'HEAD' names no commit: its branch has no commits yet"};
    }
    return {path + ": no branch, tag or commit " + quoted};
  }
  if (code == GIT_EAMBIGUOUS) return {path + ": " + quoted + " is ambiguous: several objects start with it"};
  if (code == GIT_EINVALIDSPEC) return {path + ": " + quoted + " is not a valid revision: " + last_error_text(code)};
  return {path + ": cannot resolve " + quoted + ": " + last_error_text(code)};
}

} // namespace tally::analysis::history::git_support
