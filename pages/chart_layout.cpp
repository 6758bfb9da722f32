// SPDX-License-Identifier: BSD-3-Clause
// Layout of the evolution charts. Text widths are estimated from character counts: the
// generator has no font metrics, and a generous estimate only costs a little space.
#include "pages/chart_layout.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tally::pages {
namespace {

constexpr double char_width = 6.0;          // average advance at the chart's 10-11 px font sizes
constexpr double label_spacing = 60.0;      // at most one commit label per 60 px of chart width
constexpr std::size_t max_label_chars = 10; // longer commit labels are cut; their title keeps all
constexpr double legend_row = 18.0;

double text_width(const std::string& text) { return char_width * static_cast<double>(code_point_count(text)); }

ValueAxis value_axis(const std::vector<ChartSeries>& series, const ChartOptions& options) {
  if (options.efficiency) return efficiency_axis();
  double low = INFINITY, high = -INFINITY;
  const auto extend = [&](double v) {
    if (!std::isfinite(v)) return;
    low = std::min(low, v);
    high = std::max(high, v);
  };
  for (const ChartSeries& s : series) {
    for (const ChartPoint& point : s.points) {
      for (double v : point.repetitions)
        extend(v);
      if (point.median) extend(*point.median);
    }
  }
  return nice_axis(low, high, options.include_zero);
}

} // namespace

std::string format_chart_value(const ChartOptions& options, double value) {
  if (options.format) return options.format(value);
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 4);
  return {buffer, result.ptr};
}

std::string shortened_label(const std::string& label) {
  if (code_point_count(label) <= max_label_chars) return label;
  // Keep both ends: a sha differs at its start, a tag or branch-like label often at its end.
  const auto byte_offset = [&](std::size_t code_points) {
    std::size_t at = 0;
    for (std::size_t seen = 0; at < label.size(); ++at) {
      if ((static_cast<unsigned char>(label[at]) & 0xC0) != 0x80 && seen++ == code_points) break;
    }
    return at;
  };
  constexpr std::size_t head = 4, tail = max_label_chars - head - 1;
  return label.substr(0, byte_offset(head)) + "…" + label.substr(byte_offset(code_point_count(label) - tail));
}

ChartLayout layout_chart(const ChartAxis& axis, const std::vector<ChartSeries>& series, const ChartOptions& options) {
  ChartLayout layout;
  layout.y = value_axis(series, options);
  layout.total_width = std::max(options.width, 200);
  layout.commits = axis.commit_labels.size();

  double tick_width = char_width;
  for (double tick : layout.y.ticks)
    tick_width = std::max(tick_width, text_width(format_chart_value(options, tick)));
  layout.left = std::min((options.y_label.empty() ? 6.0 : 22.0) + tick_width + 8.0, layout.total_width / 3.0);
  layout.right = layout.total_width - 24.0; // room for half of the last commit label
  layout.top = options.title.empty() ? 10.0 : 30.0;

  layout.label_stride =
      commit_label_stride(layout.commits, static_cast<std::size_t>(layout.total_width / label_spacing));
  double label_width = 0;
  for (const std::string& label : axis.commit_labels)
    label_width = std::max(label_width, text_width(shortened_label(label)));
  const double spacing = (layout.right - layout.left) * static_cast<double>(layout.label_stride) /
                         static_cast<double>(std::max<std::size_t>(layout.commits, 1));
  layout.rotate_labels = label_width > spacing - 6.0;
  // A label at -45° reaches left of its commit by ~0.71 of its width; keep the first inside.
  if (layout.rotate_labels) layout.left = std::max(layout.left, 0.75 * label_width + 8.0);

  // Markers shrink with the band of a commit, so that hundreds of commits stay a line rather
  // than a smear, down to a size that can still be hovered.
  const double band = (layout.right - layout.left) / static_cast<double>(std::max<std::size_t>(layout.commits, 1));
  layout.marker_radius = std::clamp(0.35 * band, 1.5, 3.5);
  layout.spread_width = std::clamp(0.5 * band, 2.0, 4.0);

  const double axis_height = layout.rotate_labels ? 0.71 * label_width + 16.0 : 22.0;
  layout.bottom = std::max(std::max(options.height, 120) - axis_height, layout.top + 40.0);

  // Legend entries (line sample, marker, label) flow left to right below the commit labels and
  // wrap at the chart's width; the chart grows downwards by its rows.
  double x = layout.left, y = layout.bottom + axis_height + 12.0;
  for (const ChartSeries& s : series) {
    const double entry_width = 30.0 + text_width(s.label) + 16.0;
    if (x > layout.left && x + entry_width > layout.total_width) {
      x = layout.left;
      y += legend_row;
    }
    layout.legend_positions.emplace_back(x, y);
    x += entry_width;
  }
  layout.total_height = series.empty() ? layout.bottom + axis_height : y + legend_row / 2.0;
  return layout;
}

} // namespace tally::pages
