// SPDX-License-Identifier: BSD-3-Clause
// Opening repositories and resolving revisions the way `tally gate --candidate HEAD --baseline
// origin/main` does, merge bases, and the errors a user sees.
#include "scratch_repository.hpp"

#include <gtest/gtest.h>

namespace tally::analysis::history {
namespace {
namespace fs = std::filesystem;
using scratch::error_of;
using scratch::ScratchFolder;
using scratch::ScratchRepository;
using scratch::value_of;

TEST(GitRepository, opens_from_a_subfolder_of_the_work_tree) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  const std::string a = source.commit("a\n", "2026-03-01T10:00:00Z");
  fs::create_directories(source.folder() / "src" / "deep");

  GitRepository repository = value_of(GitRepository::open(source.folder() / "src" / "deep"));
  const GitRepository moved = std::move(repository);
  EXPECT_EQ(moved.path(), fs::canonical(source.folder()).string());
  EXPECT_EQ(value_of(moved.resolve("HEAD")), a);
}

TEST(GitRepository, folder_outside_any_repository_is_an_error_naming_it) {
  ScratchFolder scratch;
  const fs::path plain = scratch.path() / "plain";
  fs::create_directories(plain);
  EXPECT_EQ(error_of(GitRepository::open(plain)), plain.string() + ": not a git repository (nor is any parent folder)");
}

TEST(GitRepository, missing_folder_is_an_error_naming_it) {
  ScratchFolder scratch;
  const fs::path missing = scratch.path() / "missing";
  EXPECT_EQ(error_of(GitRepository::open(missing)), missing.string() + ": no such folder");
}

TEST(GitRepository, empty_repository_opens_but_names_no_commit) {
  ScratchFolder scratch;
  const ScratchRepository source(scratch.path() / "repo");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  EXPECT_EQ(error_of(repository.resolve("HEAD")),
            repository.path() + ": 'HEAD' names no commit: the repository has no commits yet");
  EXPECT_EQ(error_of(repository.first_parent_history("main")),
            repository.path() + ": 'main' names no commit: the repository has no commits yet");
  EXPECT_FALSE(repository.commit("HEAD").has_value());
}

TEST(GitRepository, resolve_accepts_ancestors_short_shas_tags_and_branches) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  const std::string a = source.commit("a\n", "2026-03-01T10:00:00Z");
  source.git("tag -a -m 'Release 1.0' v1.0", "2026-03-01T11:00:00Z");
  const std::string b = source.commit("b\n", "2026-03-02T10:00:00Z");
  source.git("tag light");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  EXPECT_EQ(value_of(repository.resolve("HEAD~1")), a);
  EXPECT_EQ(value_of(repository.resolve(b.substr(0, 8))), b);
  EXPECT_EQ(value_of(repository.resolve("v1.0")), a) << "an annotated tag is peeled to its commit";
  EXPECT_EQ(value_of(repository.resolve("light")), b);
  EXPECT_EQ(value_of(repository.resolve("main")), b);
  EXPECT_EQ(error_of(repository.resolve("HEAD^{tree}")).rfind(repository.path() + ": 'HEAD^{tree}' is not a commit", 0),
            0u);
}

TEST(GitRepository, resolve_finds_remote_branches_of_a_clone_also_by_their_short_name) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "origin");
  const std::string a = source.commit("a\n", "2026-03-01T10:00:00Z");
  source.git("checkout --quiet -b feature");
  const std::string f = source.commit("f\n", "2026-03-02T10:00:00Z");
  source.git("checkout --quiet main");
  const ScratchRepository clone(scratch.path() / "clone", "file://" + source.folder().string());
  clone.git("checkout --quiet --detach HEAD");
  clone.git("branch --quiet -D main");
  const GitRepository repository = value_of(GitRepository::open(clone.folder()));

  EXPECT_EQ(value_of(repository.resolve("origin/main")), a);
  EXPECT_EQ(value_of(repository.resolve("origin/feature")), f);
  EXPECT_EQ(value_of(repository.resolve("main")), a) << "a detached CI checkout has no local main";
  EXPECT_EQ(value_of(repository.resolve("feature")), f);
}

TEST(GitRepository, merge_base_of_two_branches_is_where_they_forked) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  source.commit("a\n", "2026-03-01T10:00:00Z");
  const std::string fork = source.commit("b\n", "2026-03-02T10:00:00Z");
  source.git("checkout --quiet -b feature");
  source.commit("f\n", "2026-03-03T10:00:00Z");
  source.git("checkout --quiet main");
  source.commit("c\n", "2026-03-04T10:00:00Z");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  EXPECT_EQ(value_of(repository.merge_base("feature", "main")), fork);
  EXPECT_EQ(value_of(repository.merge_base("main", "feature")), fork);
  EXPECT_EQ(error_of(repository.merge_base("feature", "no-such-branch")),
            repository.path() + ": no branch, tag or commit 'no-such-branch'");
}

TEST(GitRepository, merge_base_of_unrelated_histories_is_none) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  source.commit("a\n", "2026-03-01T10:00:00Z");
  source.git("checkout --quiet --orphan other");
  source.commit("unrelated\n", "2026-03-02T10:00:00Z");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  EXPECT_EQ(value_of(repository.merge_base("main", "other")), std::nullopt);
}

TEST(GitRepository, merge_base_beyond_a_shallow_clone_is_none) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "origin");
  source.commit("a\n", "2026-03-01T10:00:00Z");
  source.git("checkout --quiet -b feature");
  source.commit("f1\n", "2026-03-02T10:00:00Z");
  source.commit("f2\n", "2026-03-03T10:00:00Z");
  source.git("checkout --quiet main");
  source.commit("b\n", "2026-03-04T10:00:00Z");
  source.commit("c\n", "2026-03-05T10:00:00Z");
  const ScratchRepository clone(scratch.path() / "clone",
                                "--depth 1 --no-single-branch file://" + source.folder().string());
  const GitRepository repository = value_of(GitRepository::open(clone.folder()));

  EXPECT_EQ(value_of(repository.merge_base("origin/feature", "origin/main")), std::nullopt);
}

TEST(GitRepository, merge_base_at_the_oldest_commit_of_a_shallow_clone_is_found) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "origin");
  source.commit("a\n", "2026-03-01T10:00:00Z");
  const std::string fork = source.commit("b\n", "2026-03-02T10:00:00Z");
  source.git("checkout --quiet -b feature");
  source.commit("f\n", "2026-03-03T10:00:00Z");
  source.git("checkout --quiet main");
  source.commit("c\n", "2026-03-04T10:00:00Z");
  // Depth 2 fetches c, f and their parent b, not a: the base is the shallow boundary itself.
  const ScratchRepository clone(scratch.path() / "clone",
                                "--depth 2 --no-single-branch file://" + source.folder().string());
  const GitRepository repository = value_of(GitRepository::open(clone.folder()));

  EXPECT_EQ(value_of(repository.merge_base("origin/feature", "origin/main")), fork);
  EXPECT_EQ(value_of(repository.merge_base("HEAD", "origin/feature")), fork);
}

TEST(GitRepository, commit_describes_a_revision_and_nothing_for_an_unknown_one) {
  ScratchFolder scratch;
  ScratchRepository source(scratch.path() / "repo");
  const std::string a = source.commit("a\n", "2026-03-01T10:00:00Z");
  const std::string b = source.commit("b\n", "2026-03-02T10:00:00Z");
  const GitRepository repository = value_of(GitRepository::open(source.folder()));

  const std::optional<CommitInfo> found = repository.commit(b.substr(0, 10));
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->sha, b);
  EXPECT_EQ(found->title, "b");
  EXPECT_EQ(found->parents, std::vector<std::string>{a});
  EXPECT_FALSE(repository.commit("0000000000000000000000000000000000000000").has_value());
  EXPECT_FALSE(repository.commit("no-such-branch").has_value());
}

} // namespace
} // namespace tally::analysis::history
