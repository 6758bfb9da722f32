// SPDX-License-Identifier: BSD-3-Clause
// The Slurm job a run runs in, from the variables Slurm sets in each task's environment, and the
// time its limit ends it (TALLY_JOB_END_TIME, else SLURM_JOB_END_TIME, which Slurm 22.05 does not
// set: `tally run` then asks squeue, docs/slurm.md; else TALLY_JOB_TIME_LIMIT from the process's
// start, which `tally run` sets for a job it submits).
#pragma once

#include "tally/model/batch_job.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tally::profiler {

/// The job's end in Unix seconds: TALLY_JOB_END_TIME, else SLURM_JOB_END_TIME, else `now_s` (the
/// process's start) plus TALLY_JOB_TIME_LIMIT; nullopt when none names a positive whole number (a
/// malformed TALLY_ variable adds a line to `problems`).
std::optional<std::uint64_t> job_end_time_s(std::vector<std::string>& problems, std::uint64_t now_s);

/// run.job: SLURM_JOB_ID, and where set SLURM_STEP_ID, SLURM_JOB_PARTITION, the step's node list
/// (SLURM_STEP_NODELIST, else the job's SLURM_JOB_NODELIST) and `end_time_s` in UTC; nullopt
/// outside a Slurm job (no SLURM_JOB_ID).
std::optional<model::BatchJob> slurm_job(std::optional<std::uint64_t> end_time_s);

} // namespace tally::profiler
