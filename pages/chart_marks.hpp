// SPDX-License-Identifier: BSD-3-Clause
// Marks laid over an evolution chart at chosen commits: the change points of its series (a thin
// dashed vertical line in the series' colour) and the commits the gate found a regression in (a
// red triangle over the plot), each with a hover title.
#pragma once

#include "analysis/change_points.hpp"
#include "pages/chart_layout.hpp"
#include "pages/verdict_data.hpp"

#include <string>
#include <vector>

namespace tally::pages {

/// The marks of the chart of `metric` of `region` of `experiment`: the change points of its
/// series among `shifts`, and each commit whose gate verdict has a regression in the region (or
/// explaining one of it); commit_index is an axis position (the chart maps it to its column).
std::vector<ChartMark> chart_marks(model::MetricId metric, const std::vector<analysis::SeriesChangePoint>& shifts,
                                   const analysis::Experiment& experiment, const std::string& region,
                                   const analysis::history::CommitAxis& axis, const BranchVerdicts& verdicts);

/// Draws `options.marks` (ChartMark, svg_chart.hpp) over the plot area of `layout`; "" for none.
std::string draw_chart_marks(const ChartLayout& layout, const ChartOptions& options);

} // namespace tally::pages
