// SPDX-License-Identifier: BSD-3-Clause
// Evolution charts: positions parsed back from the SVG's relative paths, broken lines at gaps,
// spread bars whose bytes do not grow with repetitions, one hover title per commit, label
// thinning, escaping of hostile text and byte-identical output.
#include "pages/svg_chart.hpp"

#include "pages/chart_layout.hpp"
#include "pages/color_scale.hpp"

#include "chart_samples.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

namespace tally::pages {
namespace {

using samples::numbered_commits;
using samples::render;
using samples::SampleChart;
using ::testing::HasSubstr;
using ::testing::Not;

struct Box {
  double x, y, width, height;
};

Box plot_area(const std::string& svg) {
  std::smatch m;
  const std::regex rect(
      R"re(<rect class="plot-area" x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)")re");
  EXPECT_TRUE(std::regex_search(svg, m, rect));
  return {std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4])};
}

struct Vertex {
  char command;
  double x, y;
};

/// The vertices of path data as RelativePath writes it (m, l, v, h, z relative to the point
/// before; the first m from the origin), in absolute units: an independent reading of the bytes.
std::vector<Vertex> vertices(const std::string& d) {
  std::vector<Vertex> out;
  double x = 0, y = 0, start_x = 0, start_y = 0;
  std::size_t at = 0;
  const auto number = [&] {
    std::size_t used = 0;
    const double value = std::stod(d.substr(at), &used);
    at += used;
    while (at < d.size() && d[at] == ' ')
      ++at;
    return value;
  };
  while (at < d.size()) {
    const char command = d[at++];
    if (command == 'm' || command == 'l') {
      x += number();
      y += number();
    } else if (command == 'v') {
      y += number();
    } else if (command == 'h') {
      x += number();
    } else if (command == 'z') {
      x = start_x;
      y = start_y;
    }
    if (command == 'm') start_x = x, start_y = y;
    out.push_back({command, x, y});
  }
  return out;
}

std::vector<std::string> all_matches(const std::string& text, const std::string& pattern) {
  std::vector<std::string> found;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
    found.push_back(it->size() > 1 ? (*it)[1].str() : (*it)[0].str());
  }
  return found;
}

SampleChart efficiency_chart(std::vector<ChartPoint> points) {
  SampleChart chart;
  chart.axis = numbered_commits(4);
  chart.series = {{"2 nodes · 8 ranks × 4 threads", 0, std::move(points)}};
  chart.options.efficiency = true;
  chart.options.format = [](double v) { return std::to_string(v).substr(0, 4); };
  return chart;
}

// Data points are printed in whole units (svg_pixel), the plot area with one decimal.
constexpr double tolerance = 0.55;

/// The marks of medians that no line reaches, of circle-marked configurations (a move, then a
/// zero-length stroke).
std::vector<Vertex> lone_median_marks(const std::string& svg) {
  std::vector<Vertex> marks;
  for (const std::string& d : all_matches(svg, R"re(<path class="medians" d="([^"]*)")re")) {
    for (const Vertex& vertex : vertices(d)) {
      if (vertex.command == 'm') marks.push_back(vertex);
    }
  }
  return marks;
}

/// Every median drawn: the vertices of the lines and the lone marks, from left to right.
std::vector<Vertex> median_marks(const std::string& svg) {
  std::vector<Vertex> medians = lone_median_marks(svg);
  for (const std::string& d : all_matches(svg, R"re(<path class="median-line" d="([^"]*)")re")) {
    for (const Vertex& vertex : vertices(d))
      medians.push_back(vertex);
  }
  std::stable_sort(medians.begin(), medians.end(), [](const Vertex& a, const Vertex& b) { return a.x < b.x; });
  return medians;
}

/// The labels of the value axis, bottom to top.
std::vector<std::string> value_axis_labels(const std::string& svg) {
  const std::size_t axis = svg.find("<g class=\"value-axis\">");
  if (axis == std::string::npos) return {};
  return all_matches(svg.substr(axis, svg.find("</g>", axis) - axis), R"re(<text [^>]*>([^<]*)</text>)re");
}

/// The hover titles of the commits, in commit order.
std::vector<std::string> hover_titles(const std::string& svg) {
  const std::size_t hover = svg.find("<g class=\"hover\"");
  if (hover == std::string::npos) return {};
  const std::string group = svg.substr(hover, svg.find("</g>", hover) - hover);
  return all_matches(group, R"re(<title>([^<]*)</title>)re");
}

TEST(SvgChart, medians_land_at_their_commit_and_value) {
  const std::string svg =
      render(efficiency_chart({{0, {0.5}, {}}, {1, {0.25, 0.75}, {}}, {2, {1.0}, {}}, {3, {0.0}, {}}}));
  const Box plot = plot_area(svg);
  const std::vector<Vertex> markers = median_marks(svg);
  ASSERT_EQ(markers.size(), 4u);
  const double values[] = {0.5, 0.5, 1.0, 0.0};
  for (std::size_t i = 0; i < 4; ++i) {
    // By hand: four equal bands, each commit in the middle of its band; y = 0 at the bottom.
    EXPECT_NEAR(markers[i].x, plot.x + (static_cast<double>(i) + 0.5) * plot.width / 4, tolerance) << i;
    EXPECT_NEAR(markers[i].y, plot.y + plot.height - values[i] * plot.height, tolerance) << i;
  }
}

TEST(SvgChart, repetitions_are_a_bar_from_the_lowest_to_the_highest) {
  const std::string svg = render(efficiency_chart({{1, {0.25, 0.75, 0.5}, {}}, {2, {0.5, NAN}, {}}}));
  const Box plot = plot_area(svg);
  const auto spreads = all_matches(svg, R"re(<path class="spread" d="([^"]*)")re");
  ASSERT_EQ(spreads.size(), 1u); // one path holds the spreads of the configuration
  const std::vector<Vertex> bar = vertices(spreads[0]);
  // Commit 2 has one finite repetition: no spread, so the only bar is commit 1's, from 0.75 down to 0.25.
  ASSERT_EQ(bar.size(), 2u);
  EXPECT_NEAR(bar[0].x, plot.x + 1.5 * plot.width / 4, tolerance);
  EXPECT_NEAR(bar[0].y, plot.y + 0.25 * plot.height, tolerance);
  EXPECT_EQ(bar[1].command, 'v');
  EXPECT_NEAR(bar[1].y, plot.y + 0.75 * plot.height, tolerance);
}

TEST(SvgChart, more_repetitions_with_the_same_spread_and_median_add_no_byte) {
  // Three and five runs with the same lowest (0.1), median (0.5) and highest (0.9) value.
  const std::string three = render(efficiency_chart({{0, {0.1, 0.5, 0.9}, {}}, {1, {0.2, 0.6}, {}}}));
  const std::string five = render(efficiency_chart({{0, {0.9, 0.3, 0.5, 0.7, 0.1}, {}}, {1, {0.2, 0.6, 0.4}, {}}}));
  EXPECT_EQ(five, three);
}

TEST(SvgChart, a_lone_median_of_a_triangle_series_is_a_filled_triangle_around_it) {
  SampleChart chart = efficiency_chart({{1, {0.5}, {}}});
  chart.series[0].colour_index = 2 * series_palette_size; // the third style cycle: triangles
  const std::string svg = render(chart);
  const Box plot = plot_area(svg);
  // Filled (series_stylesheet()), so no stroke width: the shape is in the path.
  const auto paths = all_matches(svg, R"re(<path class="medians" d="([^"]*)"/>)re");
  ASSERT_EQ(paths.size(), 1u);
  const std::vector<Vertex> triangle = vertices(paths[0]);
  ASSERT_EQ(triangle.size(), 4u); // apex, right corner, left corner, closed
  // By hand: 4 commits of 180 units or so, so the marker radius is its cap, 3.5; the apex is 1.2 r
  // above the median, the base 0.8 r below it and 1.1 r to either side.
  const double x = plot.x + 1.5 * plot.width / 4, y = plot.y + 0.5 * plot.height, r = 3.5;
  EXPECT_NEAR(triangle[0].x, x, tolerance);
  EXPECT_NEAR(triangle[0].y, y - 1.2 * r, tolerance);
  EXPECT_NEAR(triangle[1].x, x + 1.1 * r, tolerance + 0.1);
  EXPECT_NEAR(triangle[1].y, y + 0.8 * r, tolerance + 0.1);
  EXPECT_NEAR(triangle[2].x, x - 1.1 * r, tolerance + 0.2);
  EXPECT_EQ(triangle[3].command, 'z');
  EXPECT_EQ(triangle[3].x, triangle[0].x);
}

TEST(SvgChart, given_median_is_used_instead_of_the_computed_one) {
  const std::string svg = render(efficiency_chart({{0, {0.1, 0.2, 0.9}, 0.8}}));
  const Box plot = plot_area(svg);
  const std::vector<Vertex> markers = median_marks(svg);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_NEAR(markers[0].y, plot.y + 0.2 * plot.height, tolerance);
}

TEST(SvgChart, automatic_axis_of_times_starts_at_zero_on_nice_ticks) {
  SampleChart chart;
  chart.axis = numbered_commits(2);
  chart.series = {{"4 ranks", 0, {{0, {180.0}, {}}, {1, {240.0}, {}}}}};
  const std::string svg = render(chart);
  EXPECT_EQ(value_axis_labels(svg), (std::vector<std::string>{"0", "50", "100", "150", "200", "250"}));
  const Box plot = plot_area(svg);
  const std::vector<Vertex> markers = median_marks(svg);
  ASSERT_EQ(markers.size(), 2u);
  EXPECT_NEAR(markers[1].y, plot.y + plot.height - 240.0 / 250.0 * plot.height, tolerance);
}

TEST(SvgChart, efficiency_axis_has_a_gridline_every_0_2) {
  const std::string svg = render(efficiency_chart({{0, {0.5}, {}}}));
  EXPECT_EQ(value_axis_labels(svg), (std::vector<std::string>{"0.00", "0.20", "0.40", "0.60", "0.80", "1.00"}));
  // One path of gridlines: each a move to the plot's left edge and a line across it, 0.2 apart.
  const Box plot = plot_area(svg);
  const auto grid = all_matches(svg, R"re(<path class="grid" d="([^"]*)")re");
  ASSERT_EQ(grid.size(), 1u);
  const std::vector<Vertex> ends = vertices(grid[0]);
  ASSERT_EQ(ends.size(), 12u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_NEAR(ends[2 * i].x, plot.x, tolerance) << i;
    EXPECT_NEAR(ends[2 * i + 1].x, plot.x + plot.width, tolerance) << i;
    EXPECT_NEAR(ends[2 * i].y, plot.y + plot.height * (1.0 - 0.2 * static_cast<double>(i)), tolerance) << i;
  }
}

TEST(SvgChart, efficiency_above_one_is_drawn_on_the_top_edge_with_its_true_value) {
  const std::string svg = render(efficiency_chart({{0, {1.2}, {}}}));
  const std::vector<Vertex> markers = median_marks(svg);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_NEAR(markers[0].y, plot_area(svg).y, tolerance);
  EXPECT_EQ(hover_titles(svg), (std::vector<std::string>{"abc0000: 1.20"}));
}

TEST(SvgChart, a_commit_without_runs_breaks_the_line) {
  const std::string svg = render(efficiency_chart({{0, {0.5}, {}}, {1, {0.6}, {}}, {3, {0.7}, {}}, {2, {}, {}}}));
  // One path per configuration; a move starts each run of consecutive commits.
  const auto line_of = [](const std::string& chart) {
    const auto paths = all_matches(chart, R"re(<path class="median-line" d="([^"]*)")re");
    EXPECT_EQ(paths.size(), 1u);
    return paths.empty() ? std::string() : paths[0];
  };
  const std::string line = line_of(svg); // commits 0-1 joined; commit 3 alone is a mark without a line
  EXPECT_EQ(all_matches(line, "l").size(), 1u);
  EXPECT_EQ(all_matches(line, "m").size(), 1u);
  EXPECT_EQ(median_marks(svg).size(), 3u);
  // Only commit 3's median has no line to show it: it alone gets a mark, at x of commit 3.
  const std::vector<Vertex> lone = lone_median_marks(svg);
  ASSERT_EQ(lone.size(), 1u);
  EXPECT_NEAR(lone[0].x, plot_area(svg).x + 3.5 * plot_area(svg).width / 4, tolerance);

  const std::string four =
      line_of(render(efficiency_chart({{0, {0.5}, {}}, {1, {0.6}, {}}, {2, {0.6}, {}}, {3, {0.7}, {}}})));
  EXPECT_EQ(all_matches(four, "m").size(), 1u);
  EXPECT_EQ(all_matches(four, "l").size(), 3u);
  SampleChart gap = efficiency_chart({{0, {0.5}, {}}, {1, {0.6}, {}}, {3, {0.7}, {}}, {4, {0.8}, {}}});
  gap.axis = numbered_commits(5);
  const std::string two_segments = line_of(render(gap));
  EXPECT_EQ(all_matches(two_segments, "m").size(), 2u);
  EXPECT_EQ(all_matches(two_segments, "l").size(), 2u);
}

TEST(SvgChart, a_commit_hover_title_gives_each_configuration_median_in_legend_order) {
  SampleChart chart = efficiency_chart({{0, {0.5}, {}}, {2, {0.25, 0.75, 0.5}, {}}});
  chart.series.push_back({"1 node · 4 ranks × 1 thread", 1, {{2, {0.5, 0.25}, {}}, {3, {1.0}, {}}}});
  const std::string svg = render(chart);
  // Commit 1 has no run: no band. The second configuration's median at commit 2 is (0.25 + 0.5) / 2.
  EXPECT_EQ(hover_titles(svg),
            (std::vector<std::string>{"abc0000: 0.50, –", "abc0002: 0.50, 0.37", "abc0003: –, 1.00"}));
  // The commit's subject is on the commit axis and the commit's page, not repeated per commit band.
  EXPECT_THAT(svg, Not(HasSubstr("Commit number 2</title></path>")));
}

TEST(SvgChart, five_hundred_commits_get_at_most_one_label_per_sixty_units) {
  const SampleChart chart = samples::long_history_chart();
  const std::string svg = render(chart);
  const std::string axis = svg.substr(svg.find("<g class=\"commit-axis\""));
  const auto xs = all_matches(axis.substr(0, axis.find("</g>")), R"re(<text x="([0-9.]+)")re");
  EXPECT_LE(xs.size(), static_cast<std::size_t>(chart.options.width / 60));
  EXPECT_GE(xs.size(), 8u);
  for (std::size_t i = 1; i < xs.size(); ++i) {
    EXPECT_GE(std::stod(xs[i]) - std::stod(xs[i - 1]), 7 * 6.0) << "labels of 7 characters overlap";
  }
  // Every label has its tick, all in one path: a move to the axis at the label's x, 4 units down.
  const auto ticks = all_matches(axis.substr(0, axis.find("</g>")), R"re(<path class="ticks" d="([^"]*)")re");
  ASSERT_EQ(ticks.size(), 1u);
  const std::vector<Vertex> tick_vertices = vertices(ticks[0]);
  ASSERT_EQ(tick_vertices.size(), 2 * xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    EXPECT_NEAR(tick_vertices[2 * i].x, std::stod(xs[i]), tolerance) << i;
    EXPECT_NEAR(tick_vertices[2 * i + 1].y - tick_vertices[2 * i].y, 4.0, 2 * tolerance) << i;
  }
}

TEST(SvgChart, long_commit_labels_are_cut_and_rotated_with_the_full_label_on_hover) {
  SampleChart chart = efficiency_chart({{0, {0.5}, {}}});
  chart.axis = numbered_commits(200);
  for (std::string& label : chart.axis.commit_labels)
    label = "release-2026-" + label;
  const std::string svg = render(chart);
  EXPECT_THAT(svg, HasSubstr("transform=\"rotate(-45 "));
  EXPECT_THAT(svg, HasSubstr(">rele…c0000<title>release-2026-abc0000 · Commit number 0</title>"));
}

TEST(SvgChart, labels_are_cut_between_whole_characters) {
  EXPECT_EQ(shortened_label("abc1234"), "abc1234");
  EXPECT_EQ(shortened_label("0123456789"), "0123456789");
  EXPECT_EQ(shortened_label("0123456789a"), "0123…6789a");
  EXPECT_EQ(shortened_label("ünïcödé·läbél"), "ünïc…läbél");
}

TEST(SvgChart, hostile_strings_appear_only_escaped) {
  const std::string svg = render(samples::hostile_chart());
  EXPECT_THAT(svg, Not(HasSubstr("<script")));
  EXPECT_THAT(svg, Not(HasSubstr("<b>")));
  EXPECT_THAT(svg, Not(HasSubstr("<region>")));
  EXPECT_THAT(svg, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(svg, HasSubstr("rank&quot;s&#39; &amp; &lt;nodes&gt;"));
  // Every tag is one the renderer writes, and no attribute value holds a raw quote or '<'.
  for (const std::string& tag : all_matches(svg, R"re(<\/?([A-Za-z]+))re")) {
    EXPECT_THAT((std::vector<std::string>{"svg", "title", "desc", "text", "rect", "g", "line", "circle", "path"}),
                ::testing::Contains(tag));
  }
  EXPECT_TRUE(all_matches(svg, R"re(="[^"]*<)re").empty());
}

TEST(SvgChart, same_input_gives_identical_bytes) {
  EXPECT_EQ(render(samples::long_history_chart()), render(samples::long_history_chart()));
  EXPECT_EQ(render(samples::many_configurations_chart()), render(samples::many_configurations_chart()));
}

TEST(SvgChart, output_is_a_standalone_scalable_image) {
  const std::string svg = render(samples::many_configurations_chart());
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_THAT(svg, HasSubstr(" viewBox=\"0 0 800.0 "));
  EXPECT_THAT(svg, HasSubstr(" role=\"img\" aria-label=\"Parallel efficiency\""));
  EXPECT_THAT(svg, HasSubstr(">\n<title>Parallel efficiency</title>\n"));
  EXPECT_THAT(svg, Not(HasSubstr("href")));
  EXPECT_THAT(svg, Not(HasSubstr("script")));
  EXPECT_EQ(all_matches(svg, "http").size(), 1u); // only the namespace
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(SvgChart, legend_lists_every_configuration_with_its_style) {
  const std::string svg = render(samples::many_configurations_chart());
  const auto labels = all_matches(svg, R"re(<g class="legend-item s\d+">.*?<text [^>]*>([^<]*)</text>)re");
  ASSERT_EQ(labels.size(), 12u);
  EXPECT_EQ(labels[0], "1 ranks");
  EXPECT_EQ(labels[11], "12 ranks");
  // Each entry names its configuration's style class; the ninth's repeats the first colour with
  // square markers and a dashed line (series_stylesheet(), tested with the colour scale).
  const auto classes = all_matches(svg, R"re(<g class="legend-item (s\d+)">)re");
  ASSERT_EQ(classes.size(), 12u);
  EXPECT_EQ(classes[0], "s0");
  EXPECT_EQ(classes[8], "s8");
}

TEST(SvgChart, chart_without_runs_says_so) {
  const std::string svg = render(SampleChart{});
  EXPECT_THAT(svg, HasSubstr(">no runs</text>"));
  EXPECT_THAT(svg, Not(HasSubstr("class=\"hover\"")));
  EXPECT_THAT(render(efficiency_chart({{1, {NAN}, {}}})), HasSubstr(">no runs</text>"));
  EXPECT_THAT(render(efficiency_chart({{1, {0.5}, {}}})), Not(HasSubstr(">no runs</text>")));
}

TEST(SvgChart, points_beyond_the_commit_axis_are_ignored) {
  const std::string svg = render(efficiency_chart({{0, {0.5}, {}}, {9, {0.5}, {}}}));
  EXPECT_EQ(median_marks(svg).size(), 1u);
  EXPECT_EQ(hover_titles(svg).size(), 1u);
}

} // namespace
} // namespace tally::pages
