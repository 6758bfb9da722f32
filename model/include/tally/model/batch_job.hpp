// SPDX-License-Identifier: BSD-3-Clause
// The batch job a run ran in (Slurm's job and step), as the workload manager named it, so that a
// run document can be traced back to its job and its nodes, and a hung run to its time limit.
#pragma once

#include <optional>
#include <string>

namespace tally::model {

/// The document's `run.job`: absent when the run was not launched by a workload manager.
struct BatchJob {
  std::string scheduler = "slurm"; ///< the workload manager; "slurm" is the one tally reads
  std::string id;                  ///< the job id, e.g. "4242" (SLURM_JOB_ID)
  std::optional<std::string> step; ///< the job step, e.g. "0" (SLURM_STEP_ID)
  std::optional<std::string> partition;
  std::optional<std::string> node_list; ///< the step's nodes as Slurm writes them, e.g. "n[1-4]"
  std::optional<std::string> end_time;  ///< UTC, ISO 8601: when the job's time limit ends it
  bool operator==(const BatchJob&) const = default;
};

} // namespace tally::model
