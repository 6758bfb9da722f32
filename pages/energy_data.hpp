// SPDX-License-Identifier: BSD-3-Clause
// Energy as the site shows it: its figures, the rows the scaling tables add below the metrics
// (energy to solution, average power, useful computation ratio) and the measured energy chart's
// options. Every value comes computed from analysis/energy; each row and chart names its source.
#pragma once

#include "analysis/scaling_table.hpp"
#include "pages/svg_chart.hpp"
#include "pages/templates.hpp"

#include <string>

namespace tally::pages {

/// Whole units from 1000 up (joules of a run), four significant digits below (seconds, watts).
std::string energy_number(double value);

/// The rows (name, key, depth, cells of text and hint, like the metric rows) `table` adds: "Energy to
/// solution (J)" and "Average power (W)", each named with the table's one energy source ("measured"
/// or "model estimate"), when it has one; "Useful computation ratio" when a column has one. A cell
/// without a value is n/a, saying why on hover.
TemplateList energy_rows(const analysis::ScalingTable& table);

/// The chart of measured energy to solution along the commits: its title and axis say "measured".
ChartOptions measured_energy_chart_options();

} // namespace tally::pages
