// SPDX-License-Identifier: BSD-3-Clause
// The retention policy of `tally prune`: which commits of a branch are newest, and which ids are one commit.
#include "analysis/history/prune_plan.hpp"

#include "run_factory.hpp"
#ifdef TALLY_GIT
#include "scratch_repository.hpp"
#endif

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

namespace tally::analysis::history {
namespace {

/// A document of `branch` on `commit`, made at `time`; its file name says which.
ingest::LoadedRun run(const std::string& branch, const std::string& commit, const std::string& time,
                      const std::string& file) {
  testing::RunShape shape;
  shape.commit = commit;
  shape.commit_time = time;
  ingest::LoadedRun out = testing::make_run(shape, 1, 1);
  out.document.source->branch = branch;
  out.file = file;
  return out;
}

std::vector<std::string> commits_of(const BranchPlan& plan) {
  std::vector<std::string> out;
  for (const PlannedCommit& commit : plan.commits)
    out.push_back(commit.commit);
  return out;
}

std::vector<bool> kept_of(const BranchPlan& plan) {
  std::vector<bool> out;
  for (const PlannedCommit& commit : plan.commits)
    out.push_back(commit.kept);
  return out;
}

const std::string a(40, 'a'), b(40, 'b'), c(40, 'c'), d(40, 'd');

TEST(PrunePlan, without_a_repository_the_newest_commits_by_time_are_kept_and_spellings_of_one_commit_count_once) {
  ingest::RunSet runs;
  runs.runs = {run("feature", "aaaaaaa", "2026-01-01T00:00:00Z", "a.json"),
               run("feature", b, "2026-01-02T00:00:00Z", "b-full.json"),
               run("feature", "BBBBBBB", "2026-01-02T00:00:00Z", "b-upper.json"),
               run("feature", "cccc", "2026-01-03T00:00:00Z", "c.json"),
               run("feature", d, "2026-01-04T00:00:00Z", "d.json")};
  const PrunePlan plan = plan_prune(runs, PruneRequest{{"main"}, 2}, nullptr);
  ASSERT_EQ(plan.branches.size(), 1u);
  const BranchPlan& feature = plan.branches[0];
  EXPECT_EQ(feature.branch, "feature");
  EXPECT_FALSE(feature.kept_whole);
  EXPECT_TRUE(feature.history_error.empty());
  EXPECT_TRUE(feature.ambiguous.empty());
  // Four commits, not five: "BBBBBBB" abbreviates b.
  EXPECT_EQ(commits_of(feature), (std::vector<std::string>{d, "cccc", b, "aaaaaaa"}));
  EXPECT_EQ(kept_of(feature), (std::vector<bool>{true, true, false, false}));
  EXPECT_EQ(feature.kept(), 2u);
  EXPECT_EQ(feature.commits[2].ids, (std::vector<std::string>{"BBBBBBB", b}));
  // Files follow the ids they write, in the order of `ids`.
  EXPECT_EQ(feature.commits[2].files, (std::vector<std::filesystem::path>{"b-upper.json", "b-full.json"}));
  EXPECT_EQ(plan.without_branch, 0u);
}

TEST(PrunePlan, a_branch_kept_whole_keeps_every_commit) {
  ingest::RunSet runs;
  runs.runs = {run("main", a, "2026-01-01T00:00:00Z", "a.json"), run("main", b, "2026-01-02T00:00:00Z", "b.json"),
               run("main", c, "2026-01-03T00:00:00Z", "c.json")};
  const PrunePlan plan = plan_prune(runs, PruneRequest{{"main"}, 1}, nullptr);
  ASSERT_EQ(plan.branches.size(), 1u);
  EXPECT_TRUE(plan.branches[0].kept_whole);
  EXPECT_EQ(commits_of(plan.branches[0]), (std::vector<std::string>{c, b, a}));
  EXPECT_EQ(plan.branches[0].kept(), 3u);
}

TEST(PrunePlan, documents_without_a_branch_or_a_commit_are_counted_and_kept) {
  ingest::RunSet runs;
  runs.runs = {run("", a, "2026-01-01T00:00:00Z", "no-branch.json"), run("main", "", "", "no-commit.json"),
               run("main", b, "2026-01-02T00:00:00Z", "b.json")};
  runs.runs.push_back(run("main", c, "2026-01-03T00:00:00Z", "no-source.json"));
  runs.runs.back().document.source.reset();
  const PrunePlan plan = plan_prune(runs, PruneRequest{{}, 0}, nullptr);
  EXPECT_EQ(plan.without_branch, 3u);
  ASSERT_EQ(plan.branches.size(), 1u);
  EXPECT_EQ(commits_of(plan.branches[0]), std::vector<std::string>{b});
  EXPECT_EQ(plan.branches[0].kept(), 0u);
}

TEST(PrunePlan, an_ambiguous_id_is_reported_with_its_candidates_and_comes_after_the_commits_it_could_name) {
  const std::string abcd0 = "abcd0000a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
  const std::string abcd1 = "abcd1111ffffffffffffffffffffffffffffffff";
  ingest::RunSet runs;
  runs.runs = {run("feature", abcd0, "2026-01-01T00:00:00Z", "abcd0.json"),
               run("feature", abcd1, "2026-01-02T00:00:00Z", "abcd1.json"),
               run("feature", "ABCD", "2026-01-03T00:00:00Z", "ambiguous.json")};
  const PrunePlan plan = plan_prune(runs, PruneRequest{{"main"}, 2}, nullptr);
  ASSERT_EQ(plan.branches.size(), 1u);
  const BranchPlan& feature = plan.branches[0];
  EXPECT_EQ(feature.ambiguous, (std::vector<AmbiguousId>{{"ABCD", {abcd0, abcd1}}}));
  EXPECT_EQ(commits_of(feature), (std::vector<std::string>{abcd1, abcd0, "ABCD"}));
  EXPECT_EQ(kept_of(feature), (std::vector<bool>{true, true, false}));
}

#ifdef TALLY_GIT
TEST(PrunePlan, with_a_repository_ids_of_four_digits_or_more_in_any_case_are_placed_along_the_history) {
  scratch::ScratchFolder folder;
  scratch::ScratchRepository repository(folder.path() / "repo");
  const std::string m1 = repository.commit("m1", "2026-01-01T00:00:00Z");
  const std::string m2 = repository.commit("m2", "2026-01-02T00:00:00Z");
  const std::string m3 = repository.commit("m3, rebased: dated before its parent", "2025-12-01T00:00:00Z");
  repository.git("branch feature");
  const GitRepository git = scratch::value_of(GitRepository::open(repository.folder()));

  // m3 is written as 5 upper-case digits and dated before the others: by time it would be the
  // oldest, but along the history it is the newest.
  std::string m3_short = m3.substr(0, 5);
  for (char& digit : m3_short)
    digit = static_cast<char>(std::toupper(static_cast<unsigned char>(digit)));
  ingest::RunSet runs;
  runs.runs = {run("feature", m1, "2026-01-01T00:00:00Z", "m1.json"),
               run("feature", m2.substr(0, 7), "2026-01-02T00:00:00Z", "m2.json"),
               run("feature", m3_short, "2025-12-01T00:00:00Z", "m3.json"),
               run("gone", m1, "2026-01-01T00:00:00Z", "gone.json")};
  const PrunePlan plan = plan_prune(runs, PruneRequest{{"main"}, 1}, &git);
  ASSERT_EQ(plan.branches.size(), 2u);
  const BranchPlan& feature = plan.branches[0];
  EXPECT_TRUE(feature.history_error.empty()) << feature.history_error;
  EXPECT_EQ(commits_of(feature), (std::vector<std::string>{m3, m2, m1}));
  EXPECT_EQ(kept_of(feature), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(feature.commits[0].ids, std::vector<std::string>{m3_short});

  // A branch the repository does not have is ordered by time, and says why.
  const BranchPlan& gone = plan.branches[1];
  EXPECT_EQ(gone.branch, "gone");
  EXPECT_NE(gone.history_error.find("gone"), std::string::npos) << gone.history_error;
  EXPECT_EQ(commits_of(gone), std::vector<std::string>{m1});
}
#endif

} // namespace
} // namespace tally::analysis::history
