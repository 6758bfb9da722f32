// SPDX-License-Identifier: BSD-3-Clause
// The study plan's placeholders and checks, without running anything.
#include "cli/scaling_study.hpp"

#include <gtest/gtest.h>

namespace tally::cli {
namespace {

const std::vector<std::string> hybrid{"mpirun", "-np", "{ranks}", "./app", "--threads={threads}", "{size}"};

TEST(StudyCommand, ReplacesRanksThreadsAndSizeInEveryArgument) {
  const std::vector<std::string> expected{"mpirun", "-np", "4", "./app", "--threads=8", "200"};
  EXPECT_EQ(study_command(hybrid, "4", "200", "8"), expected);
}

TEST(StudyCommand, ReplacesEveryOccurrenceOfThreads) {
  const std::vector<std::string> command{"srun", "-c", "{threads}", "./app", "{threads}x{threads}"};
  const std::vector<std::string> expected{"srun", "-c", "2", "./app", "2x2"};
  EXPECT_EQ(study_command(command, "1", "", "2"), expected);
}

TEST(CheckStudy, AcceptsThreadsWithTheirPlaceholder) {
  EXPECT_EQ(check_study(hybrid, {.scales = {"1", "2"}, .sizes = {"100", "200"}, .threads = {"1", "4"}}), "");
}

TEST(CheckStudy, AcceptsThreadsWithoutPlaceholderSinceOmpNumThreadsCarriesThem) {
  EXPECT_EQ(check_study({"mpirun", "-np", "{ranks}", "./app"}, {.scales = {"1"}, .sizes = {}, .threads = {"1", "2"}}),
            "");
}

TEST(CheckStudy, RefusesAThreadsPlaceholderWithoutTheOption) {
  EXPECT_EQ(check_study({"mpirun", "-np", "{ranks}", "./app", "{threads}"},
                        {.scales = {"1", "2"}, .sizes = {}, .threads = {}}),
            "{threads} in the command needs --threads");
}

TEST(CheckStudy, RefusesThreadsWithoutScales) {
  EXPECT_EQ(check_study({"./app", "{threads}"}, {.scales = {}, .sizes = {}, .threads = {"1", "2"}}),
            "--threads needs --scales: thread counts are run at every scale");
}

} // namespace
} // namespace tally::cli
