// SPDX-License-Identifier: BSD-3-Clause
// The scaling-efficiency table of one region at one commit: columns are the configurations in
// increasing order, rows the whole metric tree, then energy and the useful computation ratio,
// each cell the median over repetitions.
#pragma once

#include "analysis/energy/configuration_energy.hpp"
#include "analysis/region_metrics.hpp"

namespace tally::analysis {

struct ScalingColumn {
  std::size_t configuration = 0; ///< index into Experiment::configurations
  std::size_t repetitions = 0;
  MetricSummaries metrics;
  /// Energy to solution and average power of the table's energy source, over the repetitions that
  /// have it; absent where none has (a measured table: this configuration's runs measured nothing).
  std::optional<energy::EnergySummary> energy = std::nullopt;
  /// Over the repetitions that have one (energy/useful_computation_ratio.hpp).
  std::optional<MetricSummary> useful_computation_ratio = std::nullopt;
};

struct ScalingTable {
  std::vector<ScalingColumn> columns;
  std::vector<model::MetricId> rows; ///< metrics with a value in at least one column, in tree order
  /// One source for every column's energy (energy::commit_energy_source); none: no energy rows.
  std::optional<energy::Source> energy_source = std::nullopt;
  bool has_useful_computation_ratio = false; ///< some column has one
};

/// With `power_profile`, the energy of a commit that measured none is the model's estimate.
ScalingTable scaling_table(const Experiment& experiment, std::size_t commit, const std::string& region,
                           const model::NodePowerProfile* power_profile = nullptr);

} // namespace tally::analysis
