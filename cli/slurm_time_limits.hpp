// SPDX-License-Identifier: BSD-3-Clause
// The time limits a run's own command gives (srun -t, sbatch -t), for the hang watchdog: a step ends
// at its own limit when that comes before its job's end, and a job the command submits ends at its
// own limit, not at the end of the job `tally run` runs in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tally::cli {

using Environment = std::vector<std::pair<std::string, std::string>>;

/// The variables that one run's command needs for its end, given the end of the job `tally run`
/// runs in (`job_end_s`, Unix seconds, from TALLY_JOB_END_TIME) and `now_s`. The first Slurm
/// launcher of the command decides, its options read up to its program:
/// - sbatch or salloc submits a job of its own: TALLY_JOB_END_TIME emptied (the job it runs in ends
///   elsewhen) and, with -t, TALLY_JOB_TIME_LIMIT its seconds (its start is not known here);
/// - srun with -t: TALLY_JOB_END_TIME at the earlier of `job_end_s` and `now_s` plus the limit;
/// - anything else: nothing.
Environment time_limit_environment(const std::vector<std::string>& command, std::optional<std::uint64_t> job_end_s,
                                   std::uint64_t now_s);

/// The same for a run starting now, under tally run's own TALLY_JOB_END_TIME.
Environment time_limit_environment(const std::vector<std::string>& command);

} // namespace tally::cli
