// SPDX-License-Identifier: BSD-3-Clause
// Drawing of the evolution charts as SVG; the layout is computed in chart_layout.cpp, the axis
// arithmetic in chart_axes.cpp and the colours in color_scale.cpp.
#include "pages/svg_chart.hpp"

#include "pages/chart_layout.hpp"
#include "pages/chart_marks.hpp"
#include "pages/color_scale.hpp"
#include "pages/svg_path.hpp"
#include "tally/model/xml_escape.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tally::pages {
namespace {

constexpr double legend_marker_radius = 3.5;

/// The marks of a configuration's medians that no line reaches, as one path: every mark the same
/// small shape drawn relative to its median, so a mark costs its position and a few bytes. Its
/// colour, and whether it is filled or a stroke's cap, are its series class's (series_stylesheet()).
class MedianMarks {
public:
  MedianMarks(const SeriesStyle& style, double radius) : style_(style), radius_(radius) {
    const auto n = [](double v) { return svg_number(v); };
    switch (style.marker) {
    case MarkerShape::circle:
    case MarkerShape::square:
      shape_ = "h0"; // a zero-length stroke: its round or square cap is the mark
      break;
    case MarkerShape::triangle:
      start_dy_ = -1.2 * radius;
      shape_ = "l" + n(1.1 * radius) + " " + n(2 * radius) + "h" + n(-2.2 * radius) + "z";
      break;
    case MarkerShape::diamond:
      start_dy_ = -1.3 * radius;
      shape_ = "l" + n(1.3 * radius) + " " + n(1.3 * radius) + "l" + n(-1.3 * radius) + " " + n(1.3 * radius) + "l" +
               n(-1.3 * radius) + " " + n(-1.3 * radius) + "z";
      break;
    }
  }
  void add(double x, double y) {
    path_.move_to(x, y + start_dy_);
    path_.append_closed(shape_);
  }
  /// The path, of class "medians" in the plot and "marker" in the legend.
  std::string element(const std::string& css_class) const {
    if (path_.empty()) return "";
    const bool stroked = style_.marker == MarkerShape::circle || style_.marker == MarkerShape::square;
    return "<path class=\"" + css_class + "\" d=\"" + path_.data() + "\"" +
           (stroked ? " stroke-width=\"" + svg_number(2 * radius_) + "\"" : std::string()) + "/>";
  }

private:
  SeriesStyle style_;
  double radius_;
  double start_dy_ = 0.0;
  std::string shape_;
  RelativePath path_;
};

/// A scale factor of a transform: five significant digits, as one decimal would drift by up to
/// 0.05 a commit across the plot.
std::string svg_scale(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 5);
  return {buffer, result.ptr};
}

// Colours, fonts and strokes shared by every chart are rules of the site's stylesheet
// (templates/style.css, series_stylesheet()): a chart carries only its geometry and texts.

void draw_value_axis(std::string& out, const ChartLayout& layout, const ChartOptions& options) {
  const auto n = [](double v) { return svg_number(v); };
  out += "<rect class=\"plot-area\" x=\"" + n(layout.left) + "\" y=\"" + n(layout.top) + "\" width=\"" +
         n(layout.right - layout.left) + "\" height=\"" + n(layout.bottom - layout.top) +
         "\"/>\n<g class=\"value-axis\">\n";
  RelativePath grid; // one path for every gridline
  for (double tick : layout.y.ticks) {
    grid.move_to(layout.left, layout.y_of(tick));
    grid.horizontal_to(layout.right);
    out += "<text x=\"" + svg_pixel(layout.left - 4) + "\" y=\"" + svg_pixel(layout.y_of(tick) + 3.5) + "\">" +
           model::xml_escape(format_chart_value(options, tick)) + "</text>\n";
  }
  if (!grid.empty()) out += "<path class=\"grid\" d=\"" + grid.data() + "\"/>\n";
  out += "</g>\n";
  if (!options.y_label.empty()) {
    const std::string middle = svg_pixel((layout.top + layout.bottom) / 2);
    out += "<text class=\"value-label\" x=\"12\" y=\"" + middle + "\" transform=\"rotate(-90 12 " + middle + ")\">" +
           model::xml_escape(options.y_label) + "</text>\n";
  }
}

void draw_commit_axis(std::string& out, const ChartLayout& layout, const ChartAxis& axis) {
  out += "<g class=\"commit-axis\">\n";
  RelativePath ticks; // one path for every label's tick rather than an element each
  for (std::size_t i = 0; i < layout.commits; i += layout.label_stride) {
    ticks.move_to(layout.x_of(i), layout.bottom);
    ticks.vertical_to(layout.bottom + 4);
    const std::string x = svg_pixel(layout.x_of(i));
    const std::string y = svg_pixel(layout.bottom + (layout.rotate_labels ? 10.0 : 14.0));
    const std::string shown = shortened_label(axis.commit_labels[i]);
    std::string title = axis.commit_labels[i];
    if (i < axis.commit_titles.size() && !axis.commit_titles[i].empty()) title += " · " + axis.commit_titles[i];
    out += "<text x=\"" + x + "\" y=\"" + y + "\"" +
           (layout.rotate_labels ? " text-anchor=\"end\" transform=\"rotate(-45 " + x + " " + y + ")\"" : "") + ">" +
           model::xml_escape(shown);
    // A hover title only where it says more than the label.
    if (title != shown) out += "<title>" + model::xml_escape(title) + "</title>";
    out += "</text>\n";
  }
  if (!ticks.empty()) out += "<path class=\"ticks\" d=\"" + ticks.data() + "\"/>\n";
  out += "</g>\n";
}

/// A point with its median and the spread of its repetitions resolved; points without a finite
/// median are gaps.
struct DrawnPoint {
  std::size_t commit_index;
  double median;
  double lowest = NAN, highest = NAN; ///< of the finite repetitions
};

std::vector<DrawnPoint> drawn_points(const ChartSeries& series, std::size_t commits) {
  std::vector<DrawnPoint> points;
  for (const ChartPoint& point : series.points) {
    if (point.commit_index >= commits) continue; // not on this branch's axis
    DrawnPoint drawn{point.commit_index, point.median.value_or(median_of(point.repetitions))};
    for (const double value : point.repetitions) {
      if (!std::isfinite(value)) continue;
      drawn.lowest = std::isnan(drawn.lowest) ? value : std::min(drawn.lowest, value);
      drawn.highest = std::isnan(drawn.highest) ? value : std::max(drawn.highest, value);
    }
    points.push_back(drawn);
  }
  std::stable_sort(points.begin(), points.end(),
                   [](const DrawnPoint& a, const DrawnPoint& b) { return a.commit_index < b.commit_index; });
  return points;
}

/// Draws one configuration; returns how many medians it drew. Bytes per point are what a long
/// history multiplies, so a configuration is at most three paths whatever its length: the spread
/// of the repetitions (a bar from the lowest to the highest run at each commit, bytes independent
/// of how many repetitions there are), the line through the medians, whose vertices are the
/// medians, and a mark for each median that no line reaches (its neighbours have no run).
std::size_t draw_series(std::string& out, const ChartLayout& layout, const std::vector<DrawnPoint>& points,
                        std::size_t colour_index) {
  RelativePath spread;
  for (const DrawnPoint& point : points) {
    // A bar shorter than a pixel would be bytes that draw nothing.
    if (std::lround(layout.y_of(point.highest)) == std::lround(layout.y_of(point.lowest))) continue;
    spread.move_to(layout.x_of(point.commit_index), layout.y_of(point.highest));
    spread.vertical_to(layout.y_of(point.lowest));
  }
  out += "<g class=\"series " + series_class(colour_index) + "\">\n";
  if (!spread.empty()) {
    out += "<path class=\"spread\" d=\"" + spread.data() + "\" stroke-width=\"" + svg_number(layout.spread_width) +
           "\"/>\n";
  }
  // The line joins medians of consecutive commits only: a commit without a run of this
  // configuration starts a new subpath rather than being bridged by an invented value, and a
  // median with no neighbour to join is a mark instead.
  RelativePath line;
  MedianMarks marks(series_style(colour_index), layout.marker_radius);
  std::vector<const DrawnPoint*> stretch; // medians at consecutive commits
  const auto end_stretch = [&] {
    for (std::size_t i = 0; stretch.size() > 1 && i < stretch.size(); ++i) {
      const double x = layout.x_of(stretch[i]->commit_index), y = layout.y_of(stretch[i]->median);
      i == 0 ? line.move_to(x, y) : line.line_to(x, y);
    }
    if (stretch.size() == 1) marks.add(layout.x_of(stretch[0]->commit_index), layout.y_of(stretch[0]->median));
    stretch.clear();
  };
  std::size_t drawn = 0;
  for (const DrawnPoint& point : points) {
    if (!std::isfinite(point.median)) {
      end_stretch();
      continue;
    }
    if (!stretch.empty() && point.commit_index != stretch.back()->commit_index + 1) end_stretch();
    stretch.push_back(&point);
    ++drawn;
  }
  end_stretch();
  if (!line.empty()) out += "<path class=\"median-line\" d=\"" + line.data() + "\"/>\n";
  const std::string lone = marks.element("medians");
  out += lone + (lone.empty() ? "" : "\n") + "</g>\n";
  return drawn;
}

/// One invisible band per commit across the plot, on top of the lines, whose hover title gives
/// the commit's label and every configuration's median there, in the legend's order: one title per
/// commit instead of one per median keeps the bytes of a long history's charts down. The group's
/// transform makes a commit's band one unit wide and the plot one unit high, so that a band is its
/// commit's position alone ("M12 0v1"), drawn by a stroke one band wide.
void draw_hover_bands(std::string& out, const ChartLayout& layout, const ChartAxis& axis,
                      const std::vector<std::vector<DrawnPoint>>& series_points, const ChartOptions& options) {
  std::vector<std::vector<double>> medians(layout.commits, std::vector<double>(series_points.size(), NAN));
  for (std::size_t k = 0; k < series_points.size(); ++k) {
    for (const DrawnPoint& point : series_points[k])
      medians[point.commit_index][k] = point.median;
  }
  out += "<g class=\"hover\" stroke=\"#000\" stroke-opacity=\"0\" transform=\"translate(" + svg_scale(layout.x_of(0)) +
         " " + svg_scale(layout.top) + ") scale(" + svg_scale(layout.x_of(1) - layout.x_of(0)) + " " +
         svg_scale(layout.bottom - layout.top) + ")\">\n";
  for (std::size_t i = 0; i < layout.commits; ++i) {
    if (std::none_of(medians[i].begin(), medians[i].end(), [](double v) { return std::isfinite(v); })) continue;
    std::string title = axis.commit_labels[i];
    for (std::size_t k = 0; k < medians[i].size(); ++k) {
      title += (k == 0 ? ": " : ", ") +
               (std::isfinite(medians[i][k]) ? format_chart_value(options, medians[i][k]) : std::string("–"));
    }
    out += "<path d=\"M" + std::to_string(i) + " 0v1\"><title>" + model::xml_escape(title) + "</title></path>\n";
  }
  out += "</g>\n";
}

void draw_legend(std::string& out, const ChartLayout& layout, const std::vector<ChartSeries>& series) {
  out += "<g class=\"legend\">\n";
  for (std::size_t k = 0; k < series.size(); ++k) {
    const auto [x, y] = layout.legend_positions[k];
    RelativePath sample;
    sample.move_to(x, y);
    sample.horizontal_to(x + 22);
    MedianMarks marker(series_style(series[k].colour_index), legend_marker_radius);
    marker.add(x + 11, y);
    out += "<g class=\"legend-item " + series_class(series[k].colour_index) + "\"><path class=\"sample\" d=\"" +
           sample.data() + "\"/>" + marker.element("marker") + "<text x=\"" + svg_pixel(x + 28) + "\" y=\"" +
           svg_pixel(y + 4) + "\">" + model::xml_escape(series[k].label) + "</text></g>\n";
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
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"evolution-chart\" viewBox=\"0 0 " +
                    svg_number(layout.total_width) + " " + svg_number(layout.total_height) +
                    "\" role=\"img\" aria-label=\"" + model::xml_escape(name) + "\">\n<title>" +
                    model::xml_escape(name) + "</title>\n<desc>" +
                    model::xml_escape((options.y_label.empty() ? std::string("A metric") : options.y_label) + " over " +
                                      std::to_string(layout.commits) + " commits, oldest first, for " +
                                      std::to_string(series.size()) +
                                      " configurations; hovering a commit gives its medians in the legend's order") +
                    "</desc>\n";
  if (!options.title.empty()) {
    out += "<text class=\"chart-title\" x=\"" + svg_pixel(layout.left) + "\" y=\"18\">" +
           model::xml_escape(options.title) + "</text>\n";
  }
  draw_value_axis(out, layout, options);
  draw_commit_axis(out, layout, axis);
  std::vector<std::vector<DrawnPoint>> series_points;
  std::size_t drawn = 0;
  for (const ChartSeries& s : series) {
    series_points.push_back(drawn_points(s, layout.commits));
    drawn += draw_series(out, layout, series_points.back(), s.colour_index);
  }
  if (drawn > 0) draw_hover_bands(out, layout, axis, series_points, options);
  // After the hover bands, so that the marks' own hover titles are on top.
  out += draw_chart_marks(layout, options);
  if (drawn == 0) {
    out += "<text class=\"no-data\" x=\"" + svg_pixel((layout.left + layout.right) / 2) + "\" y=\"" +
           svg_pixel((layout.top + layout.bottom) / 2) + "\">no runs</text>\n";
  }
  draw_legend(out, layout, series);
  out += "</svg>\n";
  return out;
}

} // namespace tally::pages
