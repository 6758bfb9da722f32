// SPDX-License-Identifier: BSD-3-Clause
// The end a run's command gives itself: a step's own limit against its job's end, and a job it
// submits, whose end is its own. Ends by hand from a fixed now.
#include "cli/slurm_time_limits.hpp"

#include <gtest/gtest.h>

namespace tally::cli {
namespace {

/// Now in the tests, and the end of the job tally run runs in, 10 minutes later.
constexpr std::uint64_t now_s = 1'795'859'000;
constexpr std::uint64_t job_end_s = now_s + 600;

TEST(TimeLimitEnvironment, a_step_ends_at_its_own_limit_when_that_comes_first) {
  // srun -t 1: now + 60, before the job's end.
  EXPECT_EQ(time_limit_environment({"srun", "-N", "2", "-t", "1", "/bin/true"}, job_end_s, now_s),
            (Environment{{"TALLY_JOB_END_TIME", "1795859060"}}));
  EXPECT_EQ(time_limit_environment({"srun", "--time=0:30", "/bin/true"}, job_end_s, now_s),
            (Environment{{"TALLY_JOB_END_TIME", "1795859030"}}));
  // -t20: 20 minutes, after the job's end, which stays.
  EXPECT_EQ(time_limit_environment({"srun", "-t20", "/bin/true"}, job_end_s, now_s),
            (Environment{{"TALLY_JOB_END_TIME", "1795859600"}}));
  // Outside a known job the step's limit alone.
  EXPECT_EQ(time_limit_environment({"bash", "-c", "srun --time 2 /bin/true"}, std::nullopt, now_s),
            (Environment{{"TALLY_JOB_END_TIME", "1795859120"}}));
}

TEST(TimeLimitEnvironment, a_programs_own_option_and_a_step_without_a_limit_change_nothing) {
  EXPECT_EQ(time_limit_environment({"srun", "-N", "2", "/bin/true", "-t", "1"}, job_end_s, now_s), Environment{});
  EXPECT_EQ(time_limit_environment({"srun", "/bin/true"}, job_end_s, now_s), Environment{});
  EXPECT_EQ(time_limit_environment({"mpirun", "-np", "2", "/bin/true"}, job_end_s, now_s), Environment{});
}

TEST(TimeLimitEnvironment, a_job_the_command_submits_gets_its_own_limit_not_the_outer_jobs_end) {
  // sbatch -t 5 inside a job: the outer end emptied, the new job's 300 s from its own start; the
  // step's -t inside --wrap belongs to the new job's script.
  EXPECT_EQ(time_limit_environment({"sbatch", "--wait", "-N", "2", "-t", "5", "--wrap", "srun -t 1 /bin/true"},
                                   job_end_s, now_s),
            (Environment{{"TALLY_JOB_END_TIME", ""}, {"TALLY_JOB_TIME_LIMIT", "300"}}));
  EXPECT_EQ(time_limit_environment({"salloc", "-N", "1", "/bin/true"}, job_end_s, now_s),
            (Environment{{"TALLY_JOB_END_TIME", ""}}));
}

} // namespace
} // namespace tally::cli
