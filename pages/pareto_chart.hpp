// SPDX-License-Identifier: BSD-3-Clause
// The time–energy chart of one commit's configurations: every configuration a point (time to
// solution against energy to solution), the Pareto front drawn as a staircase through its members,
// and its ends named. Standalone inline SVG like the evolution charts.
#pragma once

#include "analysis/energy/pareto_front.hpp"

#include <string>
#include <vector>

namespace tally::pages {

struct ParetoChartOptions {
  std::string title;  ///< the chart's accessible name, also drawn above it
  std::string source; ///< where the energy comes from, "measured" or "model estimate", drawn in the caption
  int width = 640;
  int height = 360; ///< of the plot with its axes; the front's list adds a line per member below
};

/// The chart as one <svg> element. Points on the front are filled and numbered by increasing
/// time; a list below the plot names each number's configuration with its time and energy,
/// "fastest" and "least energy" added to the ends; dominated points are hollow and grey, named on
/// hover only. The front is a dashed staircase: from each member right to the next member's time,
/// then down to its energy (what more time buys in energy). Each point has a hover <title>
/// "<configuration>: <seconds> s, <joules> J[, on the front]". Points the front leaves out as
/// unmeasurable are not drawn; with none left, a "no data" text. Every text is XML-escaped and the
/// same input always gives the same bytes.
std::string render_pareto_chart(const std::vector<analysis::energy::TimeEnergyPoint>& points,
                                const ParetoChartOptions& options);

} // namespace tally::pages
