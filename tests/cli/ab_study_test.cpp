// SPDX-License-Identifier: BSD-3-Clause
// The A/B study's order, its checks and each run's variables, without running a study.
#include "cli/ab_study.hpp"
#include "cli/scaling_study.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace tally::cli {
namespace {

namespace fs = std::filesystem;

/// The sides of a configuration's 2 × pairs runs, A for the baseline and B for the candidate.
std::string order_of(std::size_t pairs) {
  std::string out;
  for (std::size_t index = 0; index < 2 * pairs; ++index)
    out += side_of_run(index) == model::AbSide::baseline ? 'A' : 'B';
  return out;
}

TEST(AbOrder, PairsAlternateWhichSideRunsFirstBaselineInOddPairs) {
  EXPECT_EQ(order_of(1), "AB");
  EXPECT_EQ(order_of(2), "ABBA");
  EXPECT_EQ(order_of(3), "ABBAAB");
  EXPECT_EQ(order_of(4), "ABBAABBA");
  EXPECT_EQ(order_of(5), "ABBAABBAAB");
}

/// A folder of programs for the checks: an executable file, a file that is not, a folder.
class AbPrograms : public ::testing::Test {
protected:
  void SetUp() override {
    folder_ = fs::path(::testing::TempDir()) / ("ab_programs_" + std::to_string(::getpid()));
    fs::create_directories(folder_ / "build");
    for (const char* name : {"app", "script.txt"})
      std::ofstream(folder_ / name) << "#!/bin/sh\n";
    fs::permissions(folder_ / "app", fs::perms::owner_all);
  }
  void TearDown() override { fs::remove_all(folder_); }
  std::string path(const char* name) const { return (folder_ / name).string(); }
  AbPlan plan(const std::string& baseline, const std::string& candidate) const {
    return {.baseline = baseline, .candidate = candidate, .baseline_commit = "0123abc", .baseline_branch = ""};
  }

  fs::path folder_;
};

TEST_F(AbPrograms, TwoExecutablesAndTheBaselinesCommitPass) { EXPECT_EQ(check_ab_plan(plan(path("app"), "sh")), ""); }

TEST_F(AbPrograms, AMissingBaselineIsNamedWithItsOption) {
  EXPECT_EQ(check_ab_plan(plan(path("gone"), path("app"))), "--baseline " + path("gone") + ": no such file");
}

TEST_F(AbPrograms, AFolderOrAFileThatIsNotExecutableIsRefusedWithItsOption) {
  EXPECT_EQ(check_ab_plan(plan(path("app"), path("build"))),
            "--candidate " + path("build") + ": a folder, not a program");
  EXPECT_EQ(check_ab_plan(plan(path("app"), path("script.txt"))),
            "--candidate " + path("script.txt") + ": not executable");
}

TEST_F(AbPrograms, ANameWithoutSlashIsLookedUpInPath) {
  EXPECT_EQ(check_ab_plan(plan("no-such-program-of-tally", path("app"))),
            "--baseline no-such-program-of-tally: not found in PATH");
}

TEST_F(AbPrograms, OneProgramWithoutTheOtherIsRefused) {
  EXPECT_EQ(check_ab_plan(plan(path("app"), "")), "--baseline needs --candidate: an A/B study runs two programs");
  EXPECT_EQ(check_ab_plan(plan("", path("app"))), "--candidate needs --baseline: an A/B study runs two programs");
}

TEST_F(AbPrograms, TheBaselinesCommitIsRequired) {
  AbPlan without_commit = plan(path("app"), path("app"));
  without_commit.baseline_commit.clear();
  EXPECT_EQ(check_ab_plan(without_commit),
            "--baseline needs the commit the baseline was built from: --baseline-commit SHA (in a GitLab merge "
            "request pipeline, CI_MERGE_REQUEST_DIFF_BASE_SHA gives it)");
}

TEST_F(AbPrograms, TheCommandNeedsTheProgramPlaceholderAndThePlaceholderTheStudy) {
  EXPECT_EQ(check_study({"mpirun", "-np", "2", "{program}"}, {.ab = plan(path("app"), "sh")}), "");
  EXPECT_EQ(check_study({"mpirun", "-np", "2", "./app"}, {.ab = plan(path("app"), "sh")}),
            "--baseline and --candidate need {program} in the command, which each replaces, e.g. mpirun -np {ranks} "
            "{program}");
  EXPECT_EQ(check_study({"mpirun", "-np", "{ranks}", "{program}"}, {.scales = {"1"}}),
            "{program} in the command needs --baseline and --candidate");
  EXPECT_EQ(check_study({"mpirun", "-np", "{ranks}", "{program}"}, {.ab = plan(path("app"), "sh")}),
            "{ranks} in the command needs --scales (or --nodes with --node-ranks)");
}

TEST(AbRunEnvironment, EachRunIsToldItsStudySideAndPairAndTheBaselineItsSource) {
  const AbPlan plan{.baseline = "./old", .candidate = "./new", .baseline_commit = "0123abc", .baseline_branch = "main"};
  using Variables = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(ab_run_environment(plan, "study-1", model::AbSide::baseline, 2), (Variables{{"TALLY_AB_STUDY", "study-1"},
                                                                                        {"TALLY_AB_SIDE", "baseline"},
                                                                                        {"TALLY_AB_PAIR", "2"},
                                                                                        {"TALLY_COMMIT", "0123abc"},
                                                                                        {"TALLY_BRANCH", "main"},
                                                                                        {"TALLY_COMMIT_TIME", ""}}));
  EXPECT_EQ(ab_run_environment(plan, "study-1", model::AbSide::candidate, 3),
            (Variables{{"TALLY_AB_STUDY", "study-1"}, {"TALLY_AB_SIDE", "candidate"}, {"TALLY_AB_PAIR", "3"}}));
}

TEST(StudyCommand, ReplacesTheProgram) {
  const std::vector<std::string> expected{"mpirun", "-np", "2", "../base/app", "input"};
  EXPECT_EQ(study_command({"mpirun", "-np", "{ranks}", "{program}", "input"}, {.ranks = "2", .program = "../base/app"}),
            expected);
}

} // namespace
} // namespace tally::cli
