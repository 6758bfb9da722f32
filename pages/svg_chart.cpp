// SPDX-License-Identifier: BSD-3-Clause
// Drawing of the evolution charts as SVG; the layout is computed in chart_layout.cpp, the axis
// arithmetic in chart_axes.cpp and the colours in color_scale.cpp.
#include "pages/svg_chart.hpp"

#include "pages/chart_layout.hpp"
#include "pages/chart_marks.hpp"
#include "pages/color_scale.hpp"
#include "tally/model/xml_escape.hpp"

#include <algorithm>
#include <cmath>

namespace tally::pages {
namespace {

constexpr double legend_marker_radius = 3.5;

/// A median marker's element; its shape tells configurations apart once colours repeat.
std::string marker(const SeriesStyle& style, double x, double y, double r, const std::string& escaped_title) {
  const auto n = [](double v) { return svg_number(v); };
  std::string tag, geometry;
  switch (style.marker) {
  case MarkerShape::circle:
    tag = "circle";
    geometry = "cx=\"" + svg_pixel(x) + "\" cy=\"" + svg_pixel(y) + "\" r=\"" + n(r) + "\"";
    break;
  case MarkerShape::square:
    tag = "rect";
    geometry = "x=\"" + n(x - r) + "\" y=\"" + n(y - r) + "\" width=\"" + n(2 * r) + "\" height=\"" + n(2 * r) + "\"";
    break;
  case MarkerShape::triangle:
    tag = "path";
    geometry = "d=\"M" + n(x) + " " + n(y - 1.2 * r) + "L" + n(x + 1.1 * r) + " " + n(y + 0.8 * r) + "L" +
               n(x - 1.1 * r) + " " + n(y + 0.8 * r) + "Z\"";
    break;
  case MarkerShape::diamond:
    tag = "path";
    geometry = "d=\"M" + n(x) + " " + n(y - 1.3 * r) + "L" + n(x + 1.3 * r) + " " + n(y) + "L" + n(x) + " " +
               n(y + 1.3 * r) + "L" + n(x - 1.3 * r) + " " + n(y) + "Z\"";
    break;
  }
  const std::string open = "<" + tag + " " + geometry;
  if (escaped_title.empty()) return open + "/>";
  return open + "><title>" + escaped_title + "</title></" + tag + ">";
}

std::string line_attributes(const SeriesStyle& style) {
  std::string attributes = " fill=\"none\" stroke=\"" + std::string(style.colour) + "\" stroke-width=\"1.5\"";
  if (!style.dash.empty()) attributes += " stroke-dasharray=\"" + std::string(style.dash) + "\"";
  return attributes;
}

void draw_value_axis(std::string& out, const ChartLayout& layout, const ChartOptions& options) {
  const auto n = [](double v) { return svg_number(v); };
  out += "<rect class=\"plot-area\" x=\"" + n(layout.left) + "\" y=\"" + n(layout.top) + "\" width=\"" +
         n(layout.right - layout.left) + "\" height=\"" + n(layout.bottom - layout.top) +
         "\" fill=\"#ffffff\" stroke=\"#bbbbbb\"/>\n<g class=\"value-axis\" font-size=\"10\" fill=\"#444444\">\n";
  for (double tick : layout.y.ticks) {
    const std::string y = n(layout.y_of(tick));
    out += "<line x1=\"" + n(layout.left) + "\" y1=\"" + y + "\" x2=\"" + n(layout.right) + "\" y2=\"" + y +
           "\" stroke=\"#e4e4e4\"/><text x=\"" + n(layout.left - 4) + "\" y=\"" + n(layout.y_of(tick) + 3.5) +
           "\" text-anchor=\"end\">" + model::xml_escape(format_chart_value(options, tick)) + "</text>\n";
  }
  out += "</g>\n";
  if (!options.y_label.empty()) {
    const std::string middle = n((layout.top + layout.bottom) / 2);
    out += "<text class=\"value-label\" x=\"12\" y=\"" + middle + "\" transform=\"rotate(-90 12 " + middle +
           ")\" text-anchor=\"middle\">" + model::xml_escape(options.y_label) + "</text>\n";
  }
}

void draw_commit_axis(std::string& out, const ChartLayout& layout, const ChartAxis& axis) {
  out += "<g class=\"commit-axis\" font-size=\"10\" font-family=\"monospace\" fill=\"#444444\">\n";
  for (std::size_t i = 0; i < layout.commits; i += layout.label_stride) {
    const std::string x = svg_number(layout.x_of(i));
    const std::string y = svg_number(layout.bottom + (layout.rotate_labels ? 10.0 : 14.0));
    std::string title = axis.commit_labels[i];
    if (i < axis.commit_titles.size() && !axis.commit_titles[i].empty()) title += " · " + axis.commit_titles[i];
    out += "<line x1=\"" + x + "\" y1=\"" + svg_number(layout.bottom) + "\" x2=\"" + x + "\" y2=\"" +
           svg_number(layout.bottom + 4) + "\" stroke=\"#888888\"/><text x=\"" + x + "\" y=\"" + y + "\"" +
           (layout.rotate_labels ? " text-anchor=\"end\" transform=\"rotate(-45 " + x + " " + y + ")\""
                                 : std::string(" text-anchor=\"middle\"")) +
           ">" + model::xml_escape(shortened_label(axis.commit_labels[i])) + "<title>" + model::xml_escape(title) +
           "</title></text>\n";
  }
  out += "</g>\n";
}

/// A point with its median resolved; points without a finite median are gaps.
struct DrawnPoint {
  std::size_t commit_index;
  const std::vector<double>* repetitions;
  double median;
};

std::vector<DrawnPoint> drawn_points(const ChartSeries& series, std::size_t commits) {
  std::vector<DrawnPoint> points;
  for (const ChartPoint& point : series.points) {
    if (point.commit_index >= commits) continue; // not on this branch's axis
    points.push_back({point.commit_index, &point.repetitions, point.median.value_or(median_of(point.repetitions))});
  }
  std::stable_sort(points.begin(), points.end(),
                   [](const DrawnPoint& a, const DrawnPoint& b) { return a.commit_index < b.commit_index; });
  return points;
}

/// Draws one configuration; returns how many medians it drew. Bytes per point are what a long
/// history multiplies: repetitions are one path of round zero-length strokes and the line one path
/// broken by moves, so only the medians, which carry the hover titles, are elements of their own.
std::size_t draw_series(std::string& out, const ChartLayout& layout, const ChartAxis& axis, const ChartSeries& series,
                        const ChartOptions& options) {
  const SeriesStyle style = series_style(series.colour_index);
  const std::string colour(style.colour);
  const std::vector<DrawnPoint> points = drawn_points(series, layout.commits);
  std::string marks;
  for (const DrawnPoint& point : points) {
    const std::string x = svg_pixel(layout.x_of(point.commit_index));
    for (double value : *point.repetitions) {
      if (std::isfinite(value)) marks += "M" + x + " " + svg_pixel(layout.y_of(value)) + "h0";
    }
  }
  out += "<g class=\"series\">\n";
  if (!marks.empty()) {
    out += "<path class=\"runs\" d=\"" + marks + "\" stroke=\"" + colour +
           "\" stroke-opacity=\"0.45\" stroke-width=\"" + svg_number(2 * layout.dot_radius) +
           "\" stroke-linecap=\"round\"/>\n";
  }
  // The line joins medians of consecutive commits only: a commit without a run of this
  // configuration starts a new subpath rather than being bridged by an invented value.
  std::string line;
  std::size_t joined = 0;
  const DrawnPoint* previous = nullptr;
  for (const DrawnPoint& point : points) {
    if (!std::isfinite(point.median)) {
      previous = nullptr;
      continue;
    }
    const bool continues = previous && point.commit_index == previous->commit_index + 1;
    line += (continues ? "L" : "M") + svg_pixel(layout.x_of(point.commit_index)) + " " +
            svg_pixel(layout.y_of(point.median));
    joined += continues ? 1 : 0;
    previous = &point;
  }
  if (joined > 0) out += "<path class=\"median-line\" d=\"" + line + "\"" + line_attributes(style) + "/>\n";
  // A white rim sets a marker off its line; on dense charts the rims would bleach the line.
  const bool rimmed = layout.marker_radius >= 3.0;
  out +=
      "<g class=\"medians\" fill=\"" + colour + (rimmed ? "\" stroke=\"#ffffff\" stroke-width=\"0.75\">\n" : "\">\n");
  std::size_t drawn = 0;
  for (const DrawnPoint& point : points) {
    if (!std::isfinite(point.median)) continue;
    ++drawn;
    // The commit's subject is on its page and on the commit axis: repeated in every median of
    // every chart, it would be most of a region page's bytes.
    const std::string title = "commit " + axis.commit_labels[point.commit_index] + " · " + series.label + " · " +
                              format_chart_value(options, point.median);
    out += marker(style, layout.x_of(point.commit_index), layout.y_of(point.median), layout.marker_radius,
                  model::xml_escape(title)) +
           "\n";
  }
  out += "</g>\n</g>\n";
  return drawn;
}

void draw_legend(std::string& out, const ChartLayout& layout, const std::vector<ChartSeries>& series) {
  out += "<g class=\"legend\" fill=\"#222222\">\n";
  for (std::size_t k = 0; k < series.size(); ++k) {
    const SeriesStyle style = series_style(series[k].colour_index);
    const auto [x, y] = layout.legend_positions[k];
    out += "<g class=\"legend-item\"><line x1=\"" + svg_number(x) + "\" y1=\"" + svg_number(y) + "\" x2=\"" +
           svg_number(x + 22) + "\" y2=\"" + svg_number(y) + "\"" + line_attributes(style) + "/>" + "<g fill=\"" +
           std::string(style.colour) + "\">" + marker(style, x + 11, y, legend_marker_radius, "") + "</g><text x=\"" +
           svg_number(x + 28) + "\" y=\"" + svg_number(y + 4) + "\">" + model::xml_escape(series[k].label) +
           "</text></g>\n";
  }
  out += "</g>\n";
}

} // namespace

std::string render_evolution_chart(const ChartAxis& axis, const std::vector<ChartSeries>& series,
                                   const ChartOptions& options) {
  const ChartLayout layout = layout_chart(axis, series, options);
  const std::string name = !options.title.empty()     ? options.title
                           : !options.y_label.empty() ? options.y_label
                                                      : std::string("Metric evolution");
  const std::string width = svg_number(layout.total_width), height = svg_number(layout.total_height);
  std::string out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"evolution-chart\" width=\"" + width + "\" height=\"" + height +
      "\" viewBox=\"0 0 " + width + " " + height + "\" role=\"img\" aria-label=\"" + model::xml_escape(name) +
      "\" font-family=\"sans-serif\" font-size=\"11\">\n<title>" + model::xml_escape(name) + "</title>\n<desc>" +
      model::xml_escape((options.y_label.empty() ? std::string("A metric") : options.y_label) + " over " +
                        std::to_string(layout.commits) + " commits, oldest first, for " +
                        std::to_string(series.size()) + " configurations") +
      "</desc>\n";
  if (!options.title.empty()) {
    out += "<text class=\"chart-title\" x=\"" + svg_number(layout.left) +
           "\" y=\"18\" font-size=\"13\" font-weight=\"bold\">" + model::xml_escape(options.title) + "</text>\n";
  }
  draw_value_axis(out, layout, options);
  draw_commit_axis(out, layout, axis);
  std::size_t drawn = 0;
  for (const ChartSeries& s : series)
    drawn += draw_series(out, layout, axis, s, options);
  out += draw_chart_marks(layout, options);
  if (drawn == 0) {
    out += "<text class=\"no-data\" x=\"" + svg_number((layout.left + layout.right) / 2) + "\" y=\"" +
           svg_number((layout.top + layout.bottom) / 2) + "\" text-anchor=\"middle\" fill=\"#666666\">no runs</text>\n";
  }
  draw_legend(out, layout, series);
  out += "</svg>\n";
  return out;
}

} // namespace tally::pages
