// SPDX-License-Identifier: BSD-3-Clause
// The history gate's checks between its stages (compare.cpp): each with its metric's values at
// the commits of its history, keyed by the commit, grouped by cell (a configuration of an
// experiment), whose checks share the runner's speed and the configuration's spread.
#pragma once

#include "gate/commit_series.hpp"
#include "gate/pending_check.hpp"

#include "analysis/experiment.hpp"

#include <map>
#include <vector>

namespace tally::gate {

/// A check of the history gate not decided yet: its metric's values at each commit of its history
/// where the region ran (empty where the region's runs lack the metric), the baseline's among them.
struct HistoryCheck : PendingCheck {
  CommitValues commits;
  ByCommit<std::size_t> reference_columns;     ///< of the commits' reference configurations
  std::size_t baseline_at = baseline_position; ///< the commit of the check's baseline values
  std::size_t candidate_reference_column = 0;
};

/// The checks of one cell, gathered before any is weighed: the runner's speed and the spread of
/// the moves are common to them.
struct CellChecks {
  const analysis::Experiment* experiment = nullptr;
  analysis::Configuration configuration;
  std::size_t column = 0;
  std::vector<HistoryCheck> checks;
  /// What the elapsed times of each commit position were divided by, as a logarithm
  /// (runner_speed.hpp); none without a runner speed.
  std::map<std::size_t, double> runner_corrections{};
};

} // namespace tally::gate
