// SPDX-License-Identifier: BSD-3-Clause
// The A/B side of a study: two builds of one program run in turn, each configuration's runs in a
// balanced order (A B B A A B B A ...), each run told its study, side and pair through the
// environment (TALLY_AB_*, recorded in run.ab_study) and the baseline's runs also its source.
#pragma once

#include "tally/model/ab_study.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tally::cli {

struct AbPlan {
  std::string baseline;        ///< the baseline's program, replacing {program}; empty outside an A/B study
  std::string candidate;       ///< the candidate's program, replacing {program}
  std::string baseline_commit; ///< the commit the baseline was built from (the candidate's is TALLY_COMMIT's)
  std::string baseline_branch; ///< the branch that holds baseline_commit; empty when not said
};

/// Whether the plan names either program: an A/B study, or the start of one check_ab_plan refuses.
inline bool is_ab_study(const AbPlan& plan) { return !plan.baseline.empty() || !plan.candidate.empty(); }

/// The side of a configuration's run `index` (from 0; pair index / 2 + 1): pairs alternate which
/// side runs first, the baseline in odd pairs, so that a drift of the runner during the study
/// weighs on both sides equally: A B B A A B B A ...
model::AbSide side_of_run(std::size_t index);

/// Why the A/B part of a plan cannot run (empty when it can, and outside an A/B study): one
/// program without the other, a program that is not an executable file (named with its option),
/// the baseline's commit unknown. {program} in the command is check_study's.
std::string check_ab_plan(const AbPlan& plan);

/// A new study's id, shared by all its runs: the UTC time, the host and this process.
std::string new_ab_study_id();

/// The variables of one run of study `study_id`: its study, side and pair, and for the baseline
/// its source: its commit and branch, and no commit time (TALLY_COMMIT, TALLY_BRANCH and
/// TALLY_COMMIT_TIME, else the candidate's, given to `tally run` or exported, would be recorded).
std::vector<std::pair<std::string, std::string>> ab_run_environment(const AbPlan& plan, const std::string& study_id,
                                                                    model::AbSide side, std::size_t pair);

} // namespace tally::cli
