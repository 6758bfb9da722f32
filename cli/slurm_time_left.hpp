// SPDX-License-Identifier: BSD-3-Clause
// When the Slurm job `tally run` runs in ends: Slurm 22.05 tells a step its job's id but not its
// end, so `tally run` asks squeue for the time left once and passes the end on to the profiler
// (TALLY_JOB_END_TIME), which must never start a process inside the program it measures; and the
// time limits a command gives (-t), in Slurm's forms.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tally::cli {

/// Seconds in squeue's time left (`%L`): "days-hours:minutes:seconds", "hours:minutes:seconds",
/// "minutes:seconds"; nullopt for "UNLIMITED", "NOT_SET", "INVALID" or anything else.
std::optional<std::uint64_t> parse_time_left(std::string_view text);

/// Seconds in a time limit as Slurm's -t takes it: "minutes", "minutes:seconds",
/// "hours:minutes:seconds", "days-hours", "days-hours:minutes", "days-hours:minutes:seconds";
/// nullopt for "UNLIMITED", "INFINITE" or anything else.
std::optional<std::uint64_t> parse_time_limit(std::string_view text);

/// Sets TALLY_JOB_END_TIME to now plus the time squeue says the job SLURM_JOB_ID has left,
/// unless it or SLURM_JOB_END_TIME is set already or the run is outside a Slurm job. squeue
/// missing or failing leaves it unset: the hang timeout alone then applies.
void set_slurm_job_end_time();

} // namespace tally::cli
