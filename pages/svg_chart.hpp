// SPDX-License-Identifier: BSD-3-Clause
// Metric-evolution charts of the site: commits in branch order against one metric, one line per
// configuration, written as standalone inline SVG (no script, no external reference).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tally::pages {

/// The runs of one configuration at one commit.
struct ChartPoint {
  std::size_t commit_index = 0;    ///< position in ChartAxis, 0 = oldest
  std::vector<double> repetitions; ///< every run's value; non-finite values are ignored
  std::optional<double> median;    ///< the value of the line; computed from repetitions if absent
};

/// One configuration, e.g. "2 nodes · 8 ranks × 4 threads".
struct ChartSeries {
  std::string label;
  std::size_t colour_index = 0; ///< stable per configuration, see series_style()
  std::vector<ChartPoint> points;
};

/// The commits of the branch, oldest first.
struct ChartAxis {
  std::vector<std::string> commit_labels; ///< short sha, drawn under the axis
  std::vector<std::string> commit_titles; ///< e.g. the commit's subject, shown on hover; may be empty
};

/// Something to point out at one commit (drawn by chart_marks.cpp).
struct ChartMark {
  enum class Kind { change_point, regression };
  Kind kind = Kind::change_point;
  std::size_t commit_index = 0; ///< position in ChartAxis; a change point's first commit at the new level
  std::size_t colour_index = 0; ///< a change point's series, as ChartSeries::colour_index
  std::string title;            ///< shown on hover
};

struct ChartOptions {
  std::string title;                         ///< the chart's accessible name, also drawn above it
  std::string y_label;                       ///< what the y axis measures, with its unit
  bool efficiency = false;                   ///< fixed 0..1 axis instead of an automatic one
  bool include_zero = true;                  ///< the automatic axis starts at 0 (times, counts)
  std::function<std::string(double)> format; ///< values in hover titles and tick labels
  int width = 800;                           ///< of the plot with its axes, in SVG units
  int height = 300;                          ///< of the plot with its axes; the legend adds rows below
  std::vector<ChartMark> marks;              ///< over the plot, after the series
};

/// The chart as one <svg> element. A configuration's line joins the medians of consecutive
/// commits and breaks where it has no run; a median no line reaches is a mark; the spread of the
/// repetitions is a bar from the lowest to the highest. Each commit with a median carries a hover
/// <title> "<commit label>: <median of each configuration, in the legend's order, – for none>",
/// the medians separated by ", ".
/// Every text is XML-escaped and the same input always gives the same bytes.
std::string render_evolution_chart(const ChartAxis& axis, const std::vector<ChartSeries>& series,
                                   const ChartOptions& options);

} // namespace tally::pages
