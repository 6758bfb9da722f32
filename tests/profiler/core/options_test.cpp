// SPDX-License-Identifier: BSD-3-Clause
// Reading the TALLY_* variables: defaults from the option table, parsing, and bad values.
#include "core/options.hpp"

#include "tally/model/profiler_options.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace tally::profiler {
namespace {

class OptionsFromEnvironment : public ::testing::Test {
protected:
  void SetUp() override {
    for (const auto& option : model::profiler_options())
      unsetenv(std::string(option.variable).c_str());
    unsetenv("SLURM_CPU_FREQ_REQ");
  }
  void TearDown() override { SetUp(); }
};

TEST_F(OptionsFromEnvironment, defaults_come_from_the_option_table) {
  std::vector<std::string> problems;
  const Options options = read_options(problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(options.output, "./tally-runs");
  EXPECT_EQ(options.experiment, "default");
  EXPECT_TRUE(options.counters);
  EXPECT_FALSE(options.summary);
  EXPECT_EQ(options.ranks_per_node, 0u);
  EXPECT_EQ(options.said_warnings, "");
}

TEST_F(OptionsFromEnvironment, values_are_parsed) {
  setenv("TALLY_OUTPUT", "/tmp/runs", 1);
  setenv("TALLY_SUMMARY", "1", 1);
  setenv("TALLY_COUNTERS", "off", 1);
  setenv("TALLY_RANKS_PER_NODE", "2", 1);
  setenv("TALLY_SCALING", "weak", 1);
  setenv("TALLY_SKIP_PROGRAMS", "python3,,hostname", 1);
  setenv("TALLY_SAID_WARNINGS", "/tmp/study/said", 1);
  std::vector<std::string> problems;
  const Options options = read_options(problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(options.output, "/tmp/runs");
  EXPECT_TRUE(options.summary);
  EXPECT_FALSE(options.counters);
  EXPECT_EQ(options.ranks_per_node, 2u);
  EXPECT_EQ(options.scaling, "weak");
  EXPECT_EQ(options.skip_programs, (std::vector<std::string>{"python3", "hostname"}));
  EXPECT_EQ(options.said_warnings, "/tmp/study/said");
}

TEST_F(OptionsFromEnvironment, a_bad_value_is_reported_naming_the_variable_and_the_default_is_kept) {
  setenv("TALLY_SUMMARY", "maybe", 1);
  setenv("TALLY_RANKS_PER_NODE", "-3", 1);
  setenv("TALLY_CLOCK", "sundial", 1);
  std::vector<std::string> problems;
  const Options options = read_options(problems);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_NE(problems[0].find("TALLY_SUMMARY=maybe"), std::string::npos) << problems[0];
  EXPECT_FALSE(options.summary);
  EXPECT_EQ(options.ranks_per_node, 0u);
  EXPECT_EQ(options.clock, "auto");
}

TEST_F(OptionsFromEnvironment, the_hang_timeout_is_off_by_default_and_reads_seconds_minutes_and_hours) {
  std::vector<std::string> problems;
  EXPECT_EQ(read_options(problems).hang_timeout.count(), 0);
  // 90 s; 10 min = 600 s; 1 h = 3600 s; 0 and off mean no watchdog.
  for (const auto& [text, seconds] :
       std::vector<std::pair<const char*, long>>{{"90s", 90}, {"10m", 600}, {"1h", 3600}, {"0", 0}, {"off", 0}}) {
    setenv("TALLY_HANG_TIMEOUT", text, 1);
    EXPECT_EQ(read_options(problems).hang_timeout.count(), seconds) << text;
  }
  EXPECT_TRUE(problems.empty());
}

TEST_F(OptionsFromEnvironment, a_hang_timeout_that_is_no_duration_is_one_warning_and_off) {
  for (const char* garbage : {"soon", "10", "10x", "-5s", "1.5h", "s", "99999999999999h"}) {
    setenv("TALLY_HANG_TIMEOUT", garbage, 1);
    std::vector<std::string> problems;
    EXPECT_EQ(read_options(problems).hang_timeout.count(), 0) << garbage;
    ASSERT_EQ(problems.size(), 1u) << garbage;
    EXPECT_NE(problems[0].find(std::string("TALLY_HANG_TIMEOUT=") + garbage + " is not a duration"), std::string::npos)
        << problems[0];
  }
}

TEST_F(OptionsFromEnvironment, no_cpu_frequency_is_recorded_unless_one_is_said) {
  std::vector<std::string> problems;
  EXPECT_FALSE(read_options(problems).cpu_frequency_khz.has_value());
  EXPECT_TRUE(problems.empty());
}

TEST_F(OptionsFromEnvironment, the_cpu_frequency_reads_kilohertz_or_a_number_with_its_unit) {
  // kHz as given; 2400 MHz = 2,400,000 kHz; 2.4 GHz = 2,400,000 kHz; 2.45 GHz = 2,450,000 kHz;
  // 800 MHz = 800,000 kHz; 1.5 MHz = 1,500 kHz.
  const std::vector<std::pair<const char*, std::uint64_t>> cases{
      {"2400000", 2'400'000}, {"2400000kHz", 2'400'000}, {"2400MHz", 2'400'000}, {"2.4GHz", 2'400'000},
      {"2.45ghz", 2'450'000}, {"800MHz", 800'000},       {"1.5MHz", 1'500}};
  for (const auto& [text, khz] : cases) {
    setenv("TALLY_CPU_FREQUENCY", text, 1);
    std::vector<std::string> problems;
    EXPECT_EQ(read_options(problems).cpu_frequency_khz, khz) << text;
    EXPECT_TRUE(problems.empty()) << text;
  }
}

TEST_F(OptionsFromEnvironment, a_cpu_frequency_that_is_no_frequency_is_one_warning_and_not_recorded) {
  // Slurm's request does not stand in for a malformed value: the user said something else.
  setenv("SLURM_CPU_FREQ_REQ", "2000000", 1);
  // A fraction of a kHz (2.4 kHz, 2.0000001 GHz), zero, a sign, an exponent, a space, above 100 GHz.
  for (const char* garbage : {"fast", "2.4", "2.0000001GHz", "0", "0GHz", "-2400000", "+2400000", "1e6", "2.4 GHz",
                              "2.GHz", ".5GHz", "GHz", "101GHz", "99999999999999999999999"}) {
    setenv("TALLY_CPU_FREQUENCY", garbage, 1);
    std::vector<std::string> problems;
    EXPECT_FALSE(read_options(problems).cpu_frequency_khz.has_value()) << garbage;
    ASSERT_EQ(problems.size(), 1u) << garbage;
    EXPECT_NE(problems[0].find(std::string("TALLY_CPU_FREQUENCY=") + garbage + " is not a frequency"),
              std::string::npos)
        << problems[0];
  }
}

TEST_F(OptionsFromEnvironment, slurms_frequency_request_is_recorded_when_it_is_a_number_of_kilohertz) {
  setenv("SLURM_CPU_FREQ_REQ", "2200000", 1);
  std::vector<std::string> problems;
  EXPECT_EQ(read_options(problems).cpu_frequency_khz, 2'200'000u);
  // A governor, a named level or a range names no one frequency the run was asked for: silence.
  for (const char* other : {"performance", "low", "highm1", "1200000-2400000:ondemand", "2.4GHz"}) {
    setenv("SLURM_CPU_FREQ_REQ", other, 1);
    EXPECT_FALSE(read_options(problems).cpu_frequency_khz.has_value()) << other;
  }
  EXPECT_TRUE(problems.empty());
  // TALLY_CPU_FREQUENCY, which `tally run --frequencies` sets, wins over Slurm's.
  setenv("SLURM_CPU_FREQ_REQ", "2200000", 1);
  setenv("TALLY_CPU_FREQUENCY", "1800000", 1);
  EXPECT_EQ(read_options(problems).cpu_frequency_khz, 1'800'000u);
}

TEST_F(OptionsFromEnvironment, a_run_of_an_ab_study_reads_its_study_side_and_pair) {
  setenv("TALLY_AB_STUDY", "20261127T093833Z-ci-7-4242", 1);
  setenv("TALLY_AB_SIDE", "candidate", 1);
  setenv("TALLY_AB_PAIR", "3", 1);
  std::vector<std::string> problems;
  EXPECT_EQ(read_options(problems).ab_study,
            (model::AbStudyRun{"20261127T093833Z-ci-7-4242", model::AbSide::candidate, 3}));
  EXPECT_TRUE(problems.empty());
  for (const auto& option : {"TALLY_AB_STUDY", "TALLY_AB_SIDE", "TALLY_AB_PAIR"})
    unsetenv(option);
  EXPECT_FALSE(read_options(problems).ab_study.has_value()) << "no study without its variables";
  EXPECT_TRUE(problems.empty());
}

TEST_F(OptionsFromEnvironment, a_partial_or_malformed_ab_study_is_one_warning_and_not_recorded) {
  // Each row: study, side, pair; what is wrong would pair runs the gate must not compare.
  const char* broken[][3] = {
      {"s", "candidate", ""}, {"", "baseline", "1"}, {"s", "b", "1"}, {"s", "baseline", "0"}, {"s", "baseline", "2x"}};
  for (const auto& [study, side, pair] : broken) {
    setenv("TALLY_AB_STUDY", study, 1);
    setenv("TALLY_AB_SIDE", side, 1);
    setenv("TALLY_AB_PAIR", pair, 1);
    std::vector<std::string> problems;
    EXPECT_FALSE(read_options(problems).ab_study.has_value()) << study << " " << side << " " << pair;
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0], std::string("TALLY_AB_STUDY=") + study + ", TALLY_AB_SIDE=" + side +
                               ", TALLY_AB_PAIR=" + pair +
                               " is no run of an A/B study (a study, baseline or candidate, a pair from 1); "
                               "not recorded");
  }
}

} // namespace
} // namespace tally::profiler
