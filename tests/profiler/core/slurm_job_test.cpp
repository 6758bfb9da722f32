// SPDX-License-Identifier: BSD-3-Clause
// The Slurm job from a synthetic task environment: its id, step, partition and node list as Slurm
// sets them, the job's end from TALLY_JOB_END_TIME, SLURM_JOB_END_TIME or TALLY_JOB_TIME_LIMIT, and
// the node's name.
#include "core/host_probe.hpp"
#include "core/slurm_job.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace tally::profiler {
namespace {

constexpr const char* slurm_variables[] = {"SLURM_JOB_ID",        "SLURM_STEP_ID",      "SLURM_JOB_PARTITION",
                                           "SLURM_STEP_NODELIST", "SLURM_JOB_NODELIST", "SLURM_JOB_END_TIME",
                                           "TALLY_JOB_END_TIME",  "SLURMD_NODENAME",    "TALLY_JOB_TIME_LIMIT"};
/// The process's start in the tests: 2026-11-28T09:43:20Z.
constexpr std::uint64_t now_s = 1'795'859'000;

class SlurmEnvironment : public ::testing::Test {
protected:
  void SetUp() override {
    for (const char* variable : slurm_variables)
      unsetenv(variable);
  }
  void TearDown() override { SetUp(); }
};

TEST_F(SlurmEnvironment, outside_a_job_there_is_no_job_and_no_end) {
  std::vector<std::string> problems;
  EXPECT_FALSE(slurm_job(job_end_time_s(problems, now_s)));
  EXPECT_TRUE(problems.empty());
}

TEST_F(SlurmEnvironment, a_step_names_its_job_step_partition_and_the_steps_nodes) {
  setenv("SLURM_JOB_ID", "4242", 1);
  setenv("SLURM_STEP_ID", "3", 1);
  setenv("SLURM_JOB_PARTITION", "debug", 1);
  setenv("SLURM_JOB_NODELIST", "n[1-4]", 1);
  setenv("SLURM_STEP_NODELIST", "n[1-2]", 1);
  setenv("SLURM_JOB_END_TIME", "1795860000", 1);
  std::vector<std::string> problems;
  const auto end = job_end_time_s(problems, now_s);
  EXPECT_EQ(end, 1'795'860'000u);
  EXPECT_EQ(slurm_job(end), (model::BatchJob{"slurm", "4242", "3", "debug", "n[1-2]", "2026-11-28T10:00:00Z"}));
}

TEST_F(SlurmEnvironment, the_batch_script_has_the_jobs_nodes_and_no_step) {
  setenv("SLURM_JOB_ID", "7", 1);
  setenv("SLURM_JOB_NODELIST", "n1", 1);
  EXPECT_EQ(slurm_job(std::nullopt), (model::BatchJob{"slurm", "7", std::nullopt, std::nullopt, "n1", std::nullopt}));
}

TEST_F(SlurmEnvironment, tallys_end_time_wins_and_a_malformed_one_is_said_and_names_no_end) {
  setenv("SLURM_JOB_END_TIME", "1795860000", 1);
  setenv("TALLY_JOB_END_TIME", "1795860600", 1);
  std::vector<std::string> problems;
  EXPECT_EQ(job_end_time_s(problems, now_s), 1'795'860'600u);
  setenv("TALLY_JOB_END_TIME", "10:00", 1);
  EXPECT_FALSE(job_end_time_s(problems, now_s));
  EXPECT_EQ(problems,
            (std::vector<std::string>{"TALLY_JOB_END_TIME=10:00 is not a Unix time in seconds; no job end time"}));
}

TEST_F(SlurmEnvironment, a_time_limit_counts_from_the_process_start_where_no_end_is_told) {
  setenv("TALLY_JOB_TIME_LIMIT", "300", 1);
  std::vector<std::string> problems;
  EXPECT_EQ(job_end_time_s(problems, now_s), 1'795'859'300u);
  setenv("SLURM_JOB_END_TIME", "1795860000", 1);
  EXPECT_EQ(job_end_time_s(problems, now_s), 1'795'860'000u);
  setenv("TALLY_JOB_END_TIME", "1795860600", 1);
  EXPECT_EQ(job_end_time_s(problems, now_s), 1'795'860'600u);
  EXPECT_TRUE(problems.empty());
}

TEST_F(SlurmEnvironment, a_malformed_time_limit_is_said_and_names_no_end) {
  setenv("TALLY_JOB_TIME_LIMIT", "5:00", 1);
  std::vector<std::string> problems;
  EXPECT_FALSE(job_end_time_s(problems, now_s));
  EXPECT_EQ(problems,
            (std::vector<std::string>{"TALLY_JOB_TIME_LIMIT=5:00 is not a number of seconds; no job end time"}));
}

TEST_F(SlurmEnvironment, a_slurm_end_time_that_is_no_number_names_no_end) {
  setenv("SLURM_JOB_END_TIME", "UNLIMITED", 1);
  std::vector<std::string> problems;
  EXPECT_FALSE(job_end_time_s(problems, now_s));
  EXPECT_TRUE(problems.empty());
}

TEST_F(SlurmEnvironment, the_node_is_named_as_slurm_names_it) {
  setenv("SLURMD_NODENAME", "n3", 1);
  EXPECT_EQ(host_name(), "n3");
}

} // namespace
} // namespace tally::profiler
