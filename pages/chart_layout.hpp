// SPDX-License-Identifier: BSD-3-Clause
// Where the parts of an evolution chart go: plot area, value axis, commit-label stride and
// rotation, legend rows. Internal to the chart renderer; separate so the drawing stays short.
#pragma once

#include "pages/chart_axes.hpp"
#include "pages/svg_chart.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tally::pages {

/// Geometry of one chart, in SVG user units.
struct ChartLayout {
  double left = 0, top = 0, right = 0, bottom = 0; ///< edges of the plot area
  std::size_t commits = 0;
  std::size_t label_stride = 1; ///< a commit label every label_stride commits
  bool rotate_labels = false;   ///< labels too wide for their spacing are drawn at -45°
  ValueAxis y;
  double marker_radius = 3.5;                              ///< of a median marker; smaller when commits are dense
  double spread_width = 4.0;                               ///< of the bar from the lowest to the highest run
  std::vector<std::pair<double, double>> legend_positions; ///< left end and middle of each entry
  double total_width = 0, total_height = 0;

  /// Commits sit in the middle of equal bands, so one commit or hundreds fill the width alike.
  double x_of(std::size_t commit) const {
    const double band = (right - left) / static_cast<double>(std::max<std::size_t>(commits, 1));
    return left + (static_cast<double>(commit) + 0.5) * band;
  }
  /// Values beyond the axis (an efficiency above 1) are drawn on its edge.
  double y_of(double value) const {
    const double fraction = std::clamp((value - y.low) / (y.high - y.low), 0.0, 1.0);
    return bottom - fraction * (bottom - top);
  }
};

ChartLayout layout_chart(const ChartAxis& axis, const std::vector<ChartSeries>& series, const ChartOptions& options);

/// A value as the chart shows it: options.format, or four significant digits without one.
std::string format_chart_value(const ChartOptions& options, double value);

/// A commit label cut to what fits under the axis ("…" marks the cut).
std::string shortened_label(const std::string& label);

} // namespace tally::pages
