// SPDX-License-Identifier: BSD-3-Clause
// What changed since the previous commit: the biggest moves of efficiency per region, for the
// index page.
#pragma once

#include "analysis/experiment.hpp"

#include "tally/model/metric_tree.hpp"

namespace tally::analysis {

struct EfficiencyChange {
  std::string experiment;
  std::string region;
  std::size_t configuration = 0;
  model::MetricId metric{};
  double before = 0; ///< median at the previous commit with runs
  double after = 0;  ///< median at the newest commit
};

/// Moves of every run-scope efficiency between the two newest commits of each experiment, largest
/// first, at most `limit`.
std::vector<EfficiencyChange> biggest_changes(const std::vector<Experiment>& experiments, std::size_t limit);

} // namespace tally::analysis
