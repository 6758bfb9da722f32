// SPDX-License-Identifier: BSD-3-Clause
// Telling the runner from the code: a cell whose work is identical (every count equal, the same
// instructions) and whose regions all slowed by about the same factor, with no efficiency moved,
// points at a slower machine rather than a slower program.
#pragma once

#include "gate/compare.hpp"

namespace tally::gate {

/// Sets Check::diagnosis on the elapsed-time checks of every cell (experiment × configuration) where
///  - both sides measured the counts and none changed (result.counted_cells, count_changes),
///  - no efficiency check exceeds its tolerance,
///  - Global's elapsed time (or, without Global, every region's) exceeded its tolerance, and every
///    other region's elapsed change lies within that region's tolerance of Global's,
///  - where counters exist, instructions stayed within their tolerance while IPC or frequency fell.
/// Not in an A/B study, whose pairs each ran on one runner state. Along a history of jobs (the elapsed time's scale
/// knows them: knows_jobs) the text says the move lies beyond their spread; without one, "the runner may be slower"
/// (and the verdict rule leaves a kept move there inconclusive: nothing tells that job's state, or the regions' moves
/// spread together: decision.hpp).
void diagnose_uniform_slowdowns(GateResult& result);

} // namespace tally::gate
