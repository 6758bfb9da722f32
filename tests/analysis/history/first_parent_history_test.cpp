// SPDX-License-Identifier: BSD-3-Clause
// First-parent histories: the order of runs on the site follows the graph, never the dates.
#include "scratch_repository.hpp"

#include <gtest/gtest.h>

namespace tally::analysis::history {
namespace {
using scratch::ScratchFolder;
using scratch::ScratchRepository;
using scratch::value_of;

std::vector<std::string> shas_of(const History& history) {
  std::vector<std::string> shas;
  for (const CommitInfo& commit : history.commits)
    shas.push_back(commit.sha);
  return shas;
}

TEST(FirstParentHistory, linear_history_is_newest_first_with_title_author_and_utc_time) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  const std::string a = source.commit("Add the solver\n", "2026-03-01T10:00:00+02:00");
  const std::string b = source.commit("Tune the halo exchange\n", "2026-03-02T23:30:00-05:00", "Grace Hopper");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  const History history = value_of(repository.first_parent_history("main"));
  ASSERT_EQ(shas_of(history), (std::vector<std::string>{b, a}));
  EXPECT_EQ(history.end, HistoryEnd::root);
  const CommitInfo& newest = history.commits[0];
  EXPECT_EQ(newest.title, "Tune the halo exchange");
  EXPECT_EQ(newest.author, "Grace Hopper");
  EXPECT_EQ(newest.time_utc, "2026-03-03T04:30:00Z");
  EXPECT_EQ(newest.parents, std::vector<std::string>{a});
  EXPECT_GE(newest.short_sha.size(), 7u);
  EXPECT_TRUE(b.starts_with(newest.short_sha));
  EXPECT_EQ(history.commits[1].time_utc, "2026-03-01T08:00:00Z");
  EXPECT_TRUE(history.commits[1].parents.empty());
}

TEST(FirstParentHistory, merge_keeps_the_merge_commit_and_skips_the_feature_commits) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  const std::string a = source.commit("a\n", "2026-03-01T10:00:00Z");
  source.git("checkout --quiet -b feature");
  const std::string f1 = source.commit("f1\n", "2026-03-02T10:00:00Z");
  const std::string f2 = source.commit("f2\n", "2026-03-03T10:00:00Z");
  source.git("checkout --quiet main");
  const std::string b = source.commit("b\n", "2026-03-04T10:00:00Z");
  source.git("merge --quiet --no-ff -m 'Merge feature' feature", "2026-03-05T10:00:00Z");
  const std::string merge = source.git("rev-parse HEAD");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  const History main = value_of(repository.first_parent_history("main"));
  EXPECT_EQ(shas_of(main), (std::vector<std::string>{merge, b, a}));
  EXPECT_EQ(main.commits[0].title, "Merge feature");
  EXPECT_EQ(main.commits[0].parents, (std::vector<std::string>{b, f2}));
  EXPECT_EQ(shas_of(value_of(repository.first_parent_history("feature"))), (std::vector<std::string>{f2, f1, a}));
}

TEST(FirstParentHistory, order_follows_the_graph_even_when_a_commit_is_dated_before_its_parent) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  const std::string a = source.commit("a\n", "2026-03-10T10:00:00Z");
  const std::string rebased = source.commit("rebased, committed earlier\n", "2026-03-01T10:00:00Z");
  const std::string c = source.commit("c\n", "2026-03-05T10:00:00Z");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  const History history = value_of(repository.first_parent_history("HEAD"));
  EXPECT_EQ(shas_of(history), (std::vector<std::string>{c, rebased, a}));
  EXPECT_EQ(history.commits[1].time_utc, "2026-03-01T10:00:00Z");
}

TEST(FirstParentHistory, shallow_clone_history_ends_at_the_oldest_fetched_commit_without_error) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "origin");
  for (int day = 1; day <= 4; ++day)
    source.commit("day " + std::to_string(day) + "\n", "2026-03-0" + std::to_string(day) + "T10:00:00Z");
  const std::string third = source.git("rev-parse HEAD~1");
  const ScratchRepository clone(scratch.path() / "clone", "--depth 2 file://" + source.folder().string());
  const GitRepository repository = value_of(GitRepository::open(clone.folder()));

  const History history = value_of(repository.first_parent_history("HEAD"));
  ASSERT_EQ(history.commits.size(), 2u);
  EXPECT_EQ(history.commits[1].sha, third);
  EXPECT_EQ(history.end, HistoryEnd::shallow_boundary);
  EXPECT_EQ(history.commits[1].parents.size(), 1u) << "the parent is listed even though it was not fetched";
}

TEST(FirstParentHistory, detached_head_gives_the_history_of_the_checked_out_commit) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  const std::string a = source.commit("a\n", "2026-03-01T10:00:00Z");
  const std::string b = source.commit("b\n", "2026-03-02T10:00:00Z");
  const std::string c = source.commit("c\n", "2026-03-03T10:00:00Z");
  source.git("checkout --quiet --detach HEAD~1");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  EXPECT_EQ(value_of(repository.resolve("HEAD")), b);
  EXPECT_EQ(shas_of(value_of(repository.first_parent_history("HEAD"))), (std::vector<std::string>{b, a}));
  EXPECT_EQ(shas_of(value_of(repository.first_parent_history("main"))), (std::vector<std::string>{c, b, a}));
}

TEST(FirstParentHistory, limit_stops_the_history_after_that_many_commits) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  source.commit("a\n", "2026-03-01T10:00:00Z");
  const std::string b = source.commit("b\n", "2026-03-02T10:00:00Z");
  const std::string c = source.commit("c\n", "2026-03-03T10:00:00Z");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  const History limited = value_of(repository.first_parent_history("main", 2));
  EXPECT_EQ(shas_of(limited), (std::vector<std::string>{c, b}));
  EXPECT_EQ(limited.end, HistoryEnd::limit);
  EXPECT_EQ(value_of(repository.first_parent_history("main", 3)).end, HistoryEnd::root);
}

TEST(FirstParentHistory, title_and_author_keep_their_bytes_and_the_title_is_the_first_paragraph) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  // Latin-1 bytes (a real encoding header, as old repositories have) and HTML-looking text.
  source.commit("Speed up <script>&amp; \xe9t\xe9\nof the solver\n\nThe body is not the title.\n",
                "2026-03-01T10:00:00Z", "Zo\xc3\xab & \"S\xc3\xb8ren\" O'Neil", "ISO-8859-1");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  const History history = value_of(repository.first_parent_history("HEAD"));
  EXPECT_EQ(history.commits[0].title, "Speed up <script>&amp; \xe9t\xe9 of the solver");
  EXPECT_EQ(history.commits[0].author, "Zo\xc3\xab & \"S\xc3\xb8ren\" O'Neil");
}

TEST(FirstParentHistory, unknown_branch_is_an_error_naming_it_and_the_repository) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  source.commit("a\n", "2026-03-01T10:00:00Z");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  const std::string error = scratch::error_of(repository.first_parent_history("no-such-branch"));
  EXPECT_EQ(error, repository.path() + ": no branch, tag or commit 'no-such-branch'");
  EXPECT_NE(error.find(source.folder().filename().string()), std::string::npos);
}

} // namespace
} // namespace tally::analysis::history
