// SPDX-License-Identifier: BSD-3-Clause
// The history gate's noise stages: each check's noise in its two parts learned from its history
// (noise.hpp), its scale made anew once the family has pooled them (check_stages.hpp), and one
// job's tails fitted over the comparison (job_tails.hpp).
#pragma once

#include "gate/history_checks.hpp"

#include <vector>

namespace tally::gate {

/// Each check's noise in its two parts (noise.hpp) from its history and the candidate's
/// repetitions, its scale and its estimate: when the baseline's level spans several commits, the
/// check's baseline sample becomes their repetitions pooled, so that the tolerance and the scale
/// compare the candidate with the same reference. The parts are given to the family
/// (PendingCheck::noise) in the check's pooling unit: percentage points for an efficiency, percent
/// of the baseline's median for the rest, so that regions of different sizes share one prior.
void learn_history_noise(std::vector<CellChecks>& cells);

/// Each check's scale from its parts as the family pooled them (pool_noise): the larger part,
/// with Satterthwaite's degrees of freedom (noise_scale).
void scale_from_pooled_noise(std::vector<CellChecks>& cells);

/// One job's tails: the candidate's runs at one configuration are one job, and each history
/// commit's median judged against the others of its check, over every check of the comparison,
/// shows how far out one job lies how often (a job's tails are its runner's, whatever the metric: a
/// rank slowed by another job on its core moves the regions it bottlenecks); every scale's p-values
/// are read against those tails (job_tails.hpp). Single runs and repetitions are fitted apart: a
/// median of repetitions trims one odd run, not one odd job.
void fit_job_tails(std::vector<CellChecks>& cells);

} // namespace tally::gate
