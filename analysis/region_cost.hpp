// SPDX-License-Identifier: BSD-3-Clause
// The regions that cost the most time at the newest commit, each with the trend of its time since
// its last change point: what the branch index lists under "where".
#pragma once

#include "analysis/experiment.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace tally::analysis {

/// One region's elapsed time at the newest commit and its recent course.
struct RegionCost {
  std::string region;
  double elapsed_ns = 0;      ///< median over the newest commit's repetitions
  std::size_t trend_from = 0; ///< commit position of trend's first value: the last change point's, else the oldest
  std::vector<double> trend;  ///< median elapsed time of each commit with runs from trend_from on, oldest first
};

/// The configuration the costs are taken at: the one with the most resources among those with runs
/// at the experiment's newest commit (configurations are sorted by increasing resources).
std::size_t cost_configuration(const Experiment& experiment);

/// At most `count` regions other than Global with the largest median elapsed time at the newest
/// commit in cost_configuration, largest first (equal times by name); a region without runs there
/// is left out.
std::vector<RegionCost> costliest_regions(const Experiment& experiment, std::size_t count);

} // namespace tally::analysis
