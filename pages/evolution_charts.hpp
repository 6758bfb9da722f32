// SPDX-License-Identifier: BSD-3-Clause
// The chart of a metric of one region along the commits of an experiment, one line per
// configuration: the region pages and the branch index's dashboard draw them alike.
#pragma once

#include "analysis/experiment.hpp"
#include "analysis/metric_series.hpp"
#include "pages/svg_chart.hpp"

#include <string>
#include <vector>

namespace tally::pages {

/// `series` (metric_series' lines of one metric) as an evolution chart over the commits where
/// `experiment` has runs, with `marks` (commit positions in `axis`) on it; "" for no series.
std::string evolution_chart(const analysis::Experiment& experiment, const std::vector<analysis::MetricSeries>& series,
                            const analysis::history::CommitAxis& axis, ChartOptions options,
                            const std::vector<ChartMark>& marks);

/// The options of a metric's chart: its name as title and axis label, its formatting, and a 0..1
/// axis for an efficiency.
ChartOptions metric_chart_options(model::MetricId metric);

} // namespace tally::pages
