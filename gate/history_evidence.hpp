// SPDX-License-Identifier: BSD-3-Clause
// The history gate's first stage, the evidence: for every experiment, configuration, region and
// metric present on both sides, each side's repetitions and the history's, commit by commit; what
// one side has alone (a region, a configuration), the counts that changed and the runs' events.
#pragma once

#include "gate/history_checks.hpp"

#include "analysis/history/commit_axis.hpp"

#include <span>
#include <vector>

namespace tally::gate {

/// The comparison's commit axis: the baseline's and the candidate's commit strings, then the
/// history's, at their positions (commit_series.hpp).
analysis::history::CommitAxis comparison_axis(const CommitSelection& selection);

/// The checks of every cell of `experiments` (grouped on `axis`, the comparison_axis), with their history; the
/// rest of what the evidence shows goes to `out`: the sides' run counts, hung candidate runs and
/// new behaviours, regions and configurations on one side only, configurations judged against an
/// older commit, cells measured in different environments, count changes.
std::vector<CellChecks> gather_history_checks(const analysis::ingest::RunSet& runs,
                                              const analysis::history::CommitAxis& axis,
                                              std::span<const analysis::Experiment> experiments,
                                              const CommitSelection& selection, const GateConfig& config,
                                              GateResult& out);

} // namespace tally::gate
