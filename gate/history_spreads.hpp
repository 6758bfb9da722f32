// SPDX-License-Identifier: BSD-3-Clause
// The history gate's stages after the test that read one job's state from many checks at once:
// the spread of a configuration's regions (cell_spread.hpp), and with the baseline and the
// candidate alone, the spread of a region's configurations (configuration_spread.hpp).
#pragma once

#include "gate/history_checks.hpp"

#include <vector>

namespace tally::gate {

/// The configuration's spread: each metric's checks of one cell whose moves spread across the
/// regions more widely than chance makes them are weighed again against that spread (their scales
/// widened, Check::cell_spread; their tolerances learned anew from the wider scale); a spread at
/// least cell_spread_warned wide is a warning of its own in out.run_events.
void widen_by_cell_spreads(std::vector<CellChecks>& cells, GateResult& out);

/// The configurations' spread: where a check's scale knows its repetitions alone (no history of
/// jobs: the baseline and the candidate alone) and its configuration has too few regions to show
/// its job's state (fewer than cell_spread_min_checks checks of the metric), the region's other
/// configurations show how far one job's state moves the metric (configuration_spread.hpp): each
/// check keeps how much wider that makes its scale (Check::configuration_spread), and a move kept
/// while they spread so is inconclusive (decision.hpp). Every such check is marked
/// (Check::job_state_untold): its regression is one that an A/B study confirms (reports.hpp).
void mark_configuration_spread(std::vector<CellChecks>& cells, const GateConfig& config);

} // namespace tally::gate
