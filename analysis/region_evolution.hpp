// SPDX-License-Identifier: BSD-3-Clause
// Each region's metric series along the commits and their change points, computed once per build
// of the site: the branch index, the dashboards and the region pages all show them, and computing
// them for each page that shows them cost a fifth of the regions' work again.
#pragma once

#include "analysis/change_points.hpp"
#include "analysis/metric_series.hpp"

#include <span>
#include <string>
#include <vector>

namespace tally::analysis {

/// One region's series of the chosen metrics (as metric_series: one entry per metric) and the
/// change points found in them (as series_change_points).
struct RegionEvolution {
  std::vector<std::vector<MetricSeries>> series;
  std::vector<SeriesChangePoint> shifts;
};

/// The evolution of `region` of `experiment` in `metrics`.
RegionEvolution region_evolution(const Experiment& experiment, const std::string& region,
                                 std::span<const model::MetricId> metrics);

/// The evolution of every region of every experiment: out[e][r] is that of
/// experiments[e].regions[r], computed on `threads` threads.
std::vector<std::vector<RegionEvolution>> region_evolutions(const std::vector<Experiment>& experiments,
                                                            std::span<const model::MetricId> metrics, unsigned threads);

} // namespace tally::analysis
