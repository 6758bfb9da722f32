// SPDX-License-Identifier: BSD-3-Clause
// The commit, branch and merge-request facts come from GitLab CI or GitHub Actions variables,
// and tally's own options win over both.
#include "core/source_info.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace tally::profiler {
namespace {

constexpr const char* ci_variables[] = {"CI_COMMIT_SHA",
                                        "CI_COMMIT_BRANCH",
                                        "CI_COMMIT_REF_NAME",
                                        "CI_COMMIT_TIMESTAMP",
                                        "CI_MERGE_REQUEST_IID",
                                        "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME",
                                        "CI_MERGE_REQUEST_TARGET_BRANCH_NAME",
                                        "CI_DEFAULT_BRANCH",
                                        "GITHUB_SHA",
                                        "GITHUB_REF_NAME",
                                        "GITHUB_HEAD_REF",
                                        "GITHUB_BASE_REF",
                                        "GITHUB_EVENT_NAME"};

class SourceFromEnvironment : public ::testing::Test {
protected:
  void SetUp() override {
    for (const char* variable : ci_variables)
      unsetenv(variable);
  }
  void TearDown() override { SetUp(); }
};

TEST_F(SourceFromEnvironment, no_commit_means_no_source_section) {
  EXPECT_FALSE(source_from_environment(Options{}).has_value());
}

TEST_F(SourceFromEnvironment, gitlab_merge_request_pipeline) {
  setenv("CI_COMMIT_SHA", "0123456789abcdef0123456789abcdef01234567", 1);
  setenv("CI_COMMIT_REF_NAME", "feature/x", 1);
  setenv("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "feature/x", 1);
  setenv("CI_MERGE_REQUEST_IID", "42", 1);
  setenv("CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main", 1);
  setenv("CI_DEFAULT_BRANCH", "main", 1);
  setenv("CI_COMMIT_TIMESTAMP", "2026-11-22T01:52:09+01:00", 1);
  const auto source = source_from_environment(Options{});
  ASSERT_TRUE(source.has_value());
  EXPECT_EQ(source->commit, "0123456789abcdef0123456789abcdef01234567");
  EXPECT_EQ(source->branch, "feature/x");
  EXPECT_TRUE(source->is_merge_request);
  EXPECT_EQ(source->target_branch, "main");
  EXPECT_EQ(source->default_branch, "main");
  EXPECT_EQ(source->commit_time, "2026-11-22T00:52:09Z") << "the offset is applied: UTC in documents";
}

TEST_F(SourceFromEnvironment, github_pull_request_uses_the_head_branch) {
  setenv("GITHUB_SHA", "abcdef", 1);
  setenv("GITHUB_REF_NAME", "17/merge", 1);
  setenv("GITHUB_HEAD_REF", "fix-halo", 1);
  setenv("GITHUB_BASE_REF", "main", 1);
  setenv("GITHUB_EVENT_NAME", "pull_request", 1);
  const auto source = source_from_environment(Options{});
  ASSERT_TRUE(source.has_value());
  EXPECT_EQ(source->branch, "fix-halo");
  EXPECT_TRUE(source->is_merge_request);
  EXPECT_EQ(source->target_branch, "main");
  EXPECT_FALSE(source->commit_time.has_value()) << "GitHub gives no commit time";
}

TEST_F(SourceFromEnvironment, tally_options_win_over_ci_variables) {
  setenv("GITHUB_SHA", "abcdef", 1);
  setenv("GITHUB_REF_NAME", "main", 1);
  Options options;
  options.commit = "fedcba";
  options.branch = "release";
  options.commit_time = "2026-01-02T03:04:05Z";
  const auto source = source_from_environment(options);
  ASSERT_TRUE(source.has_value());
  EXPECT_EQ(source->commit, "fedcba");
  EXPECT_EQ(source->branch, "release");
  EXPECT_EQ(source->commit_time, "2026-01-02T03:04:05Z");
  EXPECT_FALSE(source->is_merge_request);
}

TEST_F(SourceFromEnvironment, the_pipelines_commit_time_is_not_given_to_another_commit) {
  setenv("CI_COMMIT_SHA", "0123456789abcdef0123456789abcdef01234567", 1);
  setenv("CI_COMMIT_TIMESTAMP", "2026-11-22T01:52:09+01:00", 1);
  Options baseline; // the baseline of an A/B study, built from the merge base
  baseline.commit = "fedcba9876543210fedcba9876543210fedcba98";
  const auto source = source_from_environment(baseline);
  ASSERT_TRUE(source.has_value());
  EXPECT_EQ(source->commit, "fedcba9876543210fedcba9876543210fedcba98");
  EXPECT_FALSE(source->commit_time.has_value());
  Options same; // TALLY_COMMIT naming the pipeline's commit keeps its time
  same.commit = "0123456789abcdef0123456789abcdef01234567";
  EXPECT_EQ(source_from_environment(same)->commit_time, "2026-11-22T00:52:09Z");
}

TEST_F(SourceFromEnvironment, an_ab_baseline_takes_nothing_of_the_merge_request_pipeline_but_the_default_branch) {
  setenv("CI_COMMIT_SHA", "0123456789abcdef0123456789abcdef01234567", 1);
  setenv("CI_COMMIT_REF_NAME", "feature/x", 1);
  setenv("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME", "feature/x", 1);
  setenv("CI_MERGE_REQUEST_IID", "42", 1);
  setenv("CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main", 1);
  setenv("CI_DEFAULT_BRANCH", "main", 1);
  setenv("CI_COMMIT_TIMESTAMP", "2026-11-22T01:52:09+01:00", 1);
  Options baseline; // as `tally run --baseline-commit fedcba... --baseline-branch main` sets it
  baseline.commit = "fedcba9876543210fedcba9876543210fedcba98";
  baseline.branch = "main";
  baseline.ab_study = model::AbStudyRun{"study-1", model::AbSide::baseline, 1};
  const auto source = source_from_environment(baseline);
  ASSERT_TRUE(source.has_value());
  EXPECT_EQ(*source, (model::SourceInfo{"fedcba9876543210fedcba9876543210fedcba98", "main", std::nullopt, false,
                                        std::nullopt, "main"}));
  baseline.branch = ""; // no --baseline-branch: no branch, not the merge request's
  EXPECT_EQ(source_from_environment(baseline)->branch, "");
  Options candidate; // the other side is the pipeline's commit, with all it says
  candidate.ab_study = model::AbStudyRun{"study-1", model::AbSide::candidate, 1};
  EXPECT_EQ(*source_from_environment(candidate),
            (model::SourceInfo{"0123456789abcdef0123456789abcdef01234567", "feature/x", "2026-11-22T00:52:09Z", true,
                               "main", "main"}));
}

} // namespace
} // namespace tally::profiler
