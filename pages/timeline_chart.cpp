// SPDX-License-Identifier: BSD-3-Clause
// Stacked areas drawn from the top state down, each filled from its cumulative share to the
// bottom, so a path is one boundary and the states above it hide the rest: half the bytes of bands.
#include "pages/timeline_chart.hpp"

#include "pages/chart_axes.hpp"
#include "pages/chart_layout.hpp"
#include "pages/color_scale.hpp"
#include "pages/svg_path.hpp"
#include "tally/model/xml_escape.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <numeric>

namespace tally::pages {
namespace {

struct State {
  const char* name;
  const std::vector<std::uint64_t> model::Timeline::*values;
};

/// Bottom to top: the useful time first, where a reader looks for it.
constexpr std::array<State, 4> states{{{"useful", &model::Timeline::useful_ns},
                                       {"OpenMP", &model::Timeline::openmp_ns},
                                       {"offload", &model::Timeline::offload_ns},
                                       {"MPI", &model::Timeline::mpi_ns}}};

std::uint64_t value_at(const model::Timeline& timeline, const State& state, std::size_t bucket) {
  const std::vector<std::uint64_t>& values = timeline.*state.values;
  return bucket < values.size() ? values[bucket] : 0;
}

std::string seconds_label(double seconds) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, seconds);
  return std::string(buffer, result.ptr) + " s";
}

} // namespace

std::string render_timeline_chart(const model::Timeline& timeline) {
  std::size_t buckets = 0;
  for (const State& state : states)
    buckets = std::max(buckets, (timeline.*state.values).size());
  if (buckets == 0 || timeline.bucket_ns == 0) return "";
  // Each bucket's time in every state, the denominator of its shares.
  std::vector<double> totals(buckets, 0.0);
  std::array<bool, states.size()> has_time{};
  for (std::size_t k = 0; k < states.size(); ++k) {
    for (std::size_t b = 0; b < buckets; ++b) {
      totals[b] += static_cast<double>(value_at(timeline, states[k], b));
      has_time[k] = has_time[k] || value_at(timeline, states[k], b) > 0;
    }
  }
  const double seconds = static_cast<double>(buckets) * static_cast<double>(timeline.bucket_ns) / 1e9;
  const ValueAxis x_axis = nice_axis(0.0, seconds, true);
  ChartLayout layout;
  layout.left = TimelinePlot::left;
  layout.right = TimelinePlot::right;
  layout.top = TimelinePlot::top;
  layout.bottom = TimelinePlot::bottom;
  layout.y = efficiency_axis();
  const auto x_of = [&](double at_seconds) {
    return layout.left + at_seconds / x_axis.high * (layout.right - layout.left);
  };
  const auto n = [](double v) { return svg_number(v); };
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline-chart\" width=\"" +
                    n(TimelinePlot::width) + "\" height=\"" + n(TimelinePlot::height) + "\" viewBox=\"0 0 " +
                    n(TimelinePlot::width) + " " + n(TimelinePlot::height) +
                    "\" role=\"img\" aria-label=\"Timeline\" font-family=\"sans-serif\" font-size=\"10\">\n"
                    "<title>Timeline</title>\n<desc>Share of each bucket's time in each state over " +
                    seconds_label(seconds) + ", " + std::to_string(buckets) + " buckets of " +
                    seconds_label(static_cast<double>(timeline.bucket_ns) / 1e9) + "</desc>\n";
  out += "<g class=\"axes\" fill=\"#444444\" stroke=\"#e4e4e4\">\n";
  for (const double tick : layout.y.ticks) {
    const double y = layout.y_of(tick);
    out += "<path d=\"M" + svg_pixel(layout.left) + " " + svg_pixel(y) + "H" + svg_pixel(layout.right) +
           "\"/><text x=\"" + n(layout.left - 4) + "\" y=\"" + n(y + 3.5) + "\" stroke=\"none\" text-anchor=\"end\">" +
           std::to_string(std::lround(100 * tick)) + "%</text>\n";
  }
  for (const double tick : x_axis.ticks) {
    out += "<text x=\"" + n(x_of(tick)) + "\" y=\"" + n(layout.bottom + 14) +
           "\" stroke=\"none\" text-anchor=\"middle\">" + seconds_label(tick) + "</text>\n";
  }
  out += "</g>\n";
  const double bucket_seconds = static_cast<double>(timeline.bucket_ns) / 1e9;
  std::vector<double> cumulative(buckets, 0.0);
  std::array<std::vector<double>, states.size()> tops;
  for (std::size_t k = 0; k < states.size(); ++k) {
    for (std::size_t b = 0; b < buckets; ++b) {
      if (totals[b] > 0) cumulative[b] += static_cast<double>(value_at(timeline, states[k], b)) / totals[b];
    }
    tops[k] = cumulative;
  }
  for (std::size_t k = states.size(); k-- > 0;) {
    if (!has_time[k]) continue;
    RelativePath path;
    for (std::size_t b = 0; b < buckets; ++b) {
      const double y = layout.y_of(tops[k][b]);
      if (b == 0)
        path.move_to(layout.left, y);
      else if (std::lround(y) != std::lround(layout.y_of(tops[k][b - 1])))
        path.vertical_to(y);
      // A run of buckets at the same height is one segment: the next bucket's vertical starts it.
      if (b + 1 == buckets || std::lround(layout.y_of(tops[k][b + 1])) != std::lround(y))
        path.horizontal_to(x_of(static_cast<double>(b + 1) * bucket_seconds));
    }
    // Down to the axis and back: the fill closes the path.
    if (std::lround(layout.y_of(tops[k][buckets - 1])) != std::lround(layout.bottom)) path.vertical_to(layout.bottom);
    path.horizontal_to(layout.left);
    out += "<path class=\"state\" d=\"" + path.data() + "\" fill=\"" + std::string(series_style(k).colour) + "\"/>\n";
  }
  out += "<g class=\"legend\" fill=\"#222222\">\n";
  double legend_x = layout.left;
  for (std::size_t k = 0; k < states.size(); ++k) {
    if (!has_time[k]) continue;
    out += "<rect x=\"" + n(legend_x) + "\" y=\"" + n(layout.bottom + 26) + "\" width=\"10\" height=\"10\" fill=\"" +
           std::string(series_style(k).colour) + "\"/><text x=\"" + n(legend_x + 14) + "\" y=\"" +
           n(layout.bottom + 35) + "\">" + model::xml_escape(states[k].name) + "</text>\n";
    legend_x += 80;
  }
  out += "</g>\n</svg>\n";
  return out;
}

} // namespace tally::pages
