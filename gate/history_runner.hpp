// SPDX-License-Identifier: BSD-3-Clause
// The history gate's second stage, the runner: a CI job on a slower host makes every region of its
// configuration slower by one factor (runner_speed.hpp), removed from every elapsed time and from
// the ratios of times across runs, and judged as a move of its own.
#pragma once

#include "gate/history_checks.hpp"

#include <vector>

namespace tally::gate {

/// Every elapsed time of each cell divided by its commit's runner speed, the candidate's speed
/// against the history's appended to out.uniform_moves (for the family to judge: "uniform: ... the
/// whole code, or a runner slower than any job of the history"); then each ratio of times across
/// runs (computation scalability, global efficiency, speedup), which compares two jobs each at its
/// own speed, multiplied by e^(correction of the configuration's job − correction of the
/// reference's job) of its commit, as if both had run at the history's speed.
void remove_runner_speed(std::vector<CellChecks>& cells, const GateConfig& config, GateResult& out);

} // namespace tally::gate
