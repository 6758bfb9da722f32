// SPDX-License-Identifier: BSD-3-Clause
// The merge base in a shallow clone. libgit2 1.5 does not know shallow clones: its merge-base
// walk fails as soon as it reads past the oldest fetched commit, even when the base was found
// (`git clone --depth 2` of a branch forked at its second commit). This walk treats a missing
// parent as the end of the history, as git does in a shallow clone.
#include "analysis/history/libgit2_support.hpp"

#include <algorithm>
#include <deque>
#include <set>
#include <vector>

namespace tally::analysis::history::git_support {

namespace {

struct Walk {
  git_repository* repository;
  int error = 0; // the first libgit2 failure other than a missing (not fetched) commit

  // The fetched parents of a commit. Commits are read again on each visit; shallow clones are
  // small by construction, so simplicity wins over a cache.
  std::vector<git_oid> parents(const git_oid& id) {
    git_commit* found = nullptr;
    const int code = git_commit_lookup(&found, repository, &id);
    if (code < 0) {
      if (code != GIT_ENOTFOUND && error == 0) error = code;
      return {};
    }
    const OwnedCommit commit(found);
    std::vector<git_oid> out;
    for (unsigned int i = 0; i < git_commit_parentcount(commit.get()); ++i) {
      out.push_back(*git_commit_parent_id(commit.get(), i));
    }
    return out;
  }

  // Every fetched commit reachable from `starts` (themselves included), stopping where `stop` says.
  template <class Stop> std::set<std::string> reach(const std::vector<git_oid>& starts, Stop stop) {
    std::set<std::string> seen;
    std::deque<git_oid> queue(starts.begin(), starts.end());
    while (!queue.empty() && error == 0) {
      const git_oid id = queue.front();
      queue.pop_front();
      const std::string sha = hex(id);
      if (!seen.insert(sha).second || stop(id, sha)) continue;
      for (const git_oid& parent : parents(id)) {
        queue.push_back(parent);
      }
    }
    return seen;
  }

  git_time_t commit_time(const std::string& sha) {
    git_oid id;
    git_commit* found = nullptr;
    if (git_oid_fromstr(&id, sha.c_str()) < 0 || git_commit_lookup(&found, repository, &id) < 0) return 0;
    const OwnedCommit commit(found);
    return git_commit_time(commit.get());
  }
};

} // namespace

int shallow_merge_base(git_repository* repository, const git_oid& a, const git_oid& b,
                       std::optional<std::string>& out) {
  Walk walk{repository};
  const auto everything = [](const git_oid&, const std::string&) { return false; };
  const std::set<std::string> from_a = walk.reach({a}, everything);
  // From b, stop at the first commits that a reaches too: their ancestors cannot be the best base.
  std::vector<git_oid> candidates;
  walk.reach({b}, [&](const git_oid& id, const std::string& sha) {
    if (from_a.count(sha) == 0) return false;
    candidates.push_back(id);
    return true;
  });
  // A candidate reached along one path may still be an ancestor of a candidate of another path.
  std::vector<git_oid> parents_of_candidates;
  for (const git_oid& candidate : candidates) {
    for (const git_oid& parent : walk.parents(candidate)) {
      parents_of_candidates.push_back(parent);
    }
  }
  const std::set<std::string> below = walk.reach(parents_of_candidates, everything);
  if (walk.error != 0) return walk.error;

  // Several best bases (criss-cross merges): the newest, then the smallest sha, so the answer is stable.
  std::vector<std::string> best;
  for (const git_oid& candidate : candidates) {
    if (below.count(hex(candidate)) == 0) best.push_back(hex(candidate));
  }
  out.reset();
  if (best.empty()) return 0;
  std::sort(best.begin(), best.end(), [&](const std::string& x, const std::string& y) {
    const git_time_t time_x = walk.commit_time(x), time_y = walk.commit_time(y);
    return time_x != time_y ? time_x > time_y : x < y;
  });
  out = best.front();
  return 0;
}

} // namespace tally::analysis::history::git_support
