// SPDX-License-Identifier: BSD-3-Clause
// The study plan's placeholders and checks, without running anything.
#include "cli/scaling_study.hpp"

#include <gtest/gtest.h>

namespace tally::cli {
namespace {

const std::vector<std::string> hybrid{"mpirun", "-np", "{ranks}", "./app", "--threads={threads}", "{size}"};

TEST(StudyCommand, ReplacesRanksThreadsAndSizeInEveryArgument) {
  const std::vector<std::string> expected{"mpirun", "-np", "4", "./app", "--threads=8", "200"};
  EXPECT_EQ(study_command(hybrid, {.ranks = "4", .size = "200", .threads = "8"}), expected);
}

TEST(StudyCommand, ReplacesEveryOccurrenceOfThreads) {
  const std::vector<std::string> command{"srun", "-c", "{threads}", "./app", "{threads}x{threads}"};
  const std::vector<std::string> expected{"srun", "-c", "2", "./app", "2x2"};
  EXPECT_EQ(study_command(command, {.ranks = "1", .threads = "2"}), expected);
}

TEST(StudyCommand, ReplacesTheFrequencyWithKilohertz) {
  const std::vector<std::string> command{"srun", "-n", "{ranks}", "--cpu-freq={frequency}", "./app"};
  const std::vector<std::string> expected{"srun", "-n", "2", "--cpu-freq=2400000", "./app"};
  EXPECT_EQ(study_command(command, {.ranks = "2", .frequency_khz = "2400000"}), expected);
}

TEST(CheckStudy, AcceptsThreadsWithTheirPlaceholder) {
  EXPECT_EQ(
      check_study(hybrid, {.scales = {"1", "2"}, .sizes = {"100", "200"}, .threads = {"1", "4"}, .frequencies = {}}),
      "");
}

TEST(CheckStudy, AcceptsThreadsWithoutPlaceholderSinceOmpNumThreadsCarriesThem) {
  EXPECT_EQ(check_study({"mpirun", "-np", "{ranks}", "./app"},
                        {.scales = {"1"}, .sizes = {}, .threads = {"1", "2"}, .frequencies = {}}),
            "");
}

TEST(CheckStudy, RefusesAThreadsPlaceholderWithoutTheOption) {
  EXPECT_EQ(check_study({"mpirun", "-np", "{ranks}", "./app", "{threads}"},
                        {.scales = {"1", "2"}, .sizes = {}, .threads = {}, .frequencies = {}}),
            "{threads} in the command needs --threads");
}

TEST(CheckStudy, RefusesThreadsWithoutScales) {
  EXPECT_EQ(check_study({"./app", "{threads}"}, {.scales = {}, .sizes = {}, .threads = {"1", "2"}, .frequencies = {}}),
            "--threads needs --scales or --nodes: thread counts are run at every scale");
}

const std::vector<std::string> slurm{"srun", "-n", "{ranks}", "--cpu-freq={frequency}", "./app"};

TEST(CheckStudy, AcceptsFrequenciesInKilohertzOrWithAUnitWithTheirPlaceholder) {
  EXPECT_EQ(
      check_study(slurm, {.scales = {"1", "2"}, .sizes = {}, .threads = {}, .frequencies = {"2000000", "2.4GHz"}}), "");
}

TEST(CheckStudy, RefusesFrequenciesWithoutTheirPlaceholderSinceTallyNeverSetsTheFrequency) {
  EXPECT_EQ(check_study({"srun", "-n", "{ranks}", "./app"},
                        {.scales = {"1"}, .sizes = {}, .threads = {}, .frequencies = {"2000000"}}),
            "--frequencies needs {frequency} in the command, which sets it, e.g. srun --cpu-freq={frequency} ./app: "
            "tally never changes the CPU frequency itself");
}

TEST(CheckStudy, RefusesAFrequencyPlaceholderWithoutTheOption) {
  EXPECT_EQ(check_study(slurm, {.scales = {"1"}, .sizes = {}, .threads = {}, .frequencies = {}}),
            "{frequency} in the command needs --frequencies");
}

TEST(CheckStudy, RefusesAFrequencyThatIsNone) {
  EXPECT_EQ(check_study(slurm, {.scales = {"1"}, .sizes = {}, .threads = {}, .frequencies = {"2000000", "fast"}}),
            "--frequencies: fast is not a frequency (2400000 in kHz, 2400MHz or 2.4GHz)");
}

TEST(CheckStudy, RefusesFrequenciesWithoutScales) {
  EXPECT_EQ(check_study(slurm, {.scales = {}, .sizes = {}, .threads = {}, .frequencies = {"2000000"}}),
            "--frequencies needs --scales or --nodes: frequencies are run at every scale");
}

} // namespace
} // namespace tally::cli
