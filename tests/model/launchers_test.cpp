// SPDX-License-Identifier: BSD-3-Clause
// Launchers are passed over, never measured: Slurm's, so that `tally run -- sbatch --wait ...`
// measures the job's program and not sbatch; the program itself is not one.
#include "tally/model/launchers.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

TEST(Launchers, slurms_commands_that_start_steps_are_launchers) {
  EXPECT_TRUE(is_launcher("srun"));
  EXPECT_TRUE(is_launcher("sbatch"));
  EXPECT_TRUE(is_launcher("salloc"));
}

TEST(Launchers, a_program_or_a_name_that_only_begins_like_a_launcher_is_none) {
  EXPECT_FALSE(is_launcher("imbalance"));
  EXPECT_FALSE(is_launcher("sbatch2"));
  EXPECT_FALSE(is_launcher("slurmstepd-helper"));
}

} // namespace
} // namespace tally::model
