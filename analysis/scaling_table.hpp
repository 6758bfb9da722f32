// SPDX-License-Identifier: BSD-3-Clause
// The scaling-efficiency table of one region at one commit: columns are the configurations in
// increasing order, rows the whole metric tree, each cell the median over repetitions.
#pragma once

#include "analysis/region_metrics.hpp"

namespace tally::analysis {

struct ScalingColumn {
  std::size_t configuration = 0; ///< index into Experiment::configurations
  std::size_t repetitions = 0;
  MetricSummaries metrics;
};

struct ScalingTable {
  std::vector<ScalingColumn> columns;
  std::vector<model::MetricId> rows; ///< metrics with a value in at least one column, in tree order
};

ScalingTable scaling_table(const Experiment& experiment, std::size_t commit, const std::string& region);

} // namespace tally::analysis
