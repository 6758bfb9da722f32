// SPDX-License-Identifier: BSD-3-Clause
// Drawing the time–energy chart (pareto_chart.hpp); the front itself is analysis/energy's.
#include "pages/pareto_chart.hpp"

#include "pages/chart_axes.hpp"
#include "pages/energy_data.hpp"
#include "pages/svg_path.hpp"
#include "tally/model/xml_escape.hpp"

#include <algorithm>
#include <cmath>

namespace tally::pages {
namespace {

using analysis::energy::TimeEnergyPoint;

constexpr double left_margin = 64, right_margin = 16, top_margin = 28, bottom_margin = 44;
constexpr double point_radius = 4.5;
constexpr int list_row = 15; ///< height of one line of the front's list below the plot

struct Plot {
  double left, top, right, bottom;
  ValueAxis x, y;
  double x_of(double seconds) const { return left + (seconds - x.low) / (x.high - x.low) * (right - left); }
  double y_of(double joules) const { return bottom - (joules - y.low) / (y.high - y.low) * (bottom - top); }
};

Plot plot_of(const std::vector<TimeEnergyPoint>& points, const std::vector<std::size_t>& drawn,
             const ParetoChartOptions& options) {
  double low_s = INFINITY, high_s = -INFINITY, low_j = INFINITY, high_j = -INFINITY;
  for (const std::size_t i : drawn) {
    low_s = std::min(low_s, points[i].seconds);
    high_s = std::max(high_s, points[i].seconds);
    low_j = std::min(low_j, points[i].joules);
    high_j = std::max(high_j, points[i].joules);
  }
  return Plot{left_margin,
              top_margin,
              options.width - right_margin,
              options.height - bottom_margin,
              nice_axis(low_s, high_s, true),
              nice_axis(low_j, high_j, true)};
}

void draw_axes(std::string& out, const Plot& plot) {
  out += "<rect class=\"plot-area\" x=\"" + svg_number(plot.left) + "\" y=\"" + svg_number(plot.top) + "\" width=\"" +
         svg_number(plot.right - plot.left) + "\" height=\"" + svg_number(plot.bottom - plot.top) + "\"/>\n";
  RelativePath grid;
  out += "<g class=\"value-axis\">\n";
  for (const double tick : plot.y.ticks) {
    grid.move_to(plot.left, plot.y_of(tick));
    grid.horizontal_to(plot.right);
    out += "<text x=\"" + svg_pixel(plot.left - 4) + "\" y=\"" + svg_pixel(plot.y_of(tick) + 3.5) + "\">" +
           energy_number(tick) + "</text>\n";
  }
  out += "</g>\n<g class=\"time-axis\">\n";
  for (const double tick : plot.x.ticks) {
    grid.move_to(plot.x_of(tick), plot.top);
    grid.vertical_to(plot.bottom);
    out += "<text x=\"" + svg_pixel(plot.x_of(tick)) + "\" y=\"" + svg_pixel(plot.bottom + 14) + "\">" +
           energy_number(tick) + "</text>\n";
  }
  out += "</g>\n<path class=\"grid\" d=\"" + grid.data() + "\"/>\n";
  const std::string middle = svg_pixel((plot.top + plot.bottom) / 2);
  out += "<text class=\"value-label\" x=\"12\" y=\"" + middle + "\" transform=\"rotate(-90 12 " + middle +
         ")\">energy to solution (J)</text>\n";
  out += "<text class=\"value-label\" x=\"" + svg_pixel((plot.left + plot.right) / 2) + "\" y=\"" +
         svg_pixel(plot.bottom + 32) + "\">time to solution (s)</text>\n";
}

/// The staircase through the front's members, by increasing time.
void draw_front(std::string& out, const Plot& plot, const std::vector<TimeEnergyPoint>& points,
                const analysis::energy::ParetoFront& front) {
  RelativePath staircase;
  staircase.move_to(plot.x_of(points[front.members.front()].seconds), plot.y_of(points[front.members.front()].joules));
  for (std::size_t k = 1; k < front.members.size(); ++k) {
    staircase.horizontal_to(plot.x_of(points[front.members[k]].seconds));
    staircase.vertical_to(plot.y_of(points[front.members[k]].joules));
  }
  out += "<path class=\"pareto-front\" d=\"" + staircase.data() + "\"/>\n";
}

std::string point_label(const analysis::energy::ParetoFront& front, std::size_t i, const std::string& configuration) {
  std::string label = configuration;
  if (i == front.fastest && i == front.least_energy) return label + " (fastest, least energy)";
  if (i == front.fastest) return label + " (fastest)";
  if (i == front.least_energy) return label + " (least energy)";
  return label;
}

} // namespace

std::string render_pareto_chart(const std::vector<TimeEnergyPoint>& points, const ParetoChartOptions& options) {
  const analysis::energy::ParetoFront front = analysis::energy::pareto_front(points);
  // The front's members are numbered on the plot and named in a list below it: labels beside
  // points that are close in time and energy would overlap.
  const int height = options.height + static_cast<int>(front.members.size()) * list_row + 4;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"pareto-chart\" viewBox=\"0 0 " +
                    std::to_string(options.width) + " " + std::to_string(height) + "\" role=\"img\" aria-label=\"" +
                    model::xml_escape(options.title) + "\">\n<title>" + model::xml_escape(options.title) +
                    "</title>\n<text class=\"chart-title\" x=\"" + svg_pixel(left_margin) + "\" y=\"16\">" +
                    model::xml_escape(options.title) + " (energy: " + model::xml_escape(options.source) + ")</text>\n";
  if (front.empty()) {
    out += "<text class=\"no-data\" x=\"" + svg_pixel(options.width / 2.0) + "\" y=\"" +
           svg_pixel(options.height / 2.0) + "\">no configuration with both time and energy</text>\n</svg>";
    return out;
  }
  std::vector<std::size_t> drawn = front.members;
  drawn.insert(drawn.end(), front.dominated.begin(), front.dominated.end());
  const Plot plot = plot_of(points, drawn, options);
  draw_axes(out, plot);
  draw_front(out, plot, points, front);
  for (std::size_t k = 0; k < drawn.size(); ++k) {
    const std::size_t i = drawn[k];
    const bool member = k < front.members.size();
    const double x = plot.x_of(points[i].seconds), y = plot.y_of(points[i].joules);
    const std::string figures = energy_number(points[i].seconds) + " s, " + energy_number(points[i].joules) + " J";
    out += "<g class=\"" + std::string(member ? "front-member" : "dominated") + "\"><circle cx=\"" + svg_number(x) +
           "\" cy=\"" + svg_number(y) + "\" r=\"" + svg_number(point_radius) + "\"/><title>" +
           model::xml_escape(points[i].configuration + ": " + figures + (member ? ", on the front" : "")) + "</title>";
    if (member) {
      // Numbers alternate above and below their points, so that neighbours' numbers stay apart.
      const std::string number = std::to_string(k + 1);
      out += "<text class=\"member-number\" x=\"" + svg_pixel(x) + "\" y=\"" + svg_pixel(k % 2 ? y + 16 : y - 8) +
             "\">" + number + "</text><text class=\"member-name\" x=\"" + svg_pixel(left_margin) + "\" y=\"" +
             svg_pixel(options.height + static_cast<double>(k + 1) * list_row - 2) + "\">" + number + ") " +
             model::xml_escape(point_label(front, i, points[i].configuration) + ": " + figures) + "</text>";
    }
    out += "</g>\n";
  }
  out += "</svg>";
  return out;
}

} // namespace tally::pages
