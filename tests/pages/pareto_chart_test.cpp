// SPDX-License-Identifier: BSD-3-Clause
// The time–energy chart (pages/pareto_chart.hpp): which points are on the front, the staircase's
// coordinates computed by hand, the names of the front's ends, escaping.
#include "pages/pareto_chart.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace tally::pages {
namespace {

using analysis::energy::TimeEnergyPoint;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
    ++count;
  return count;
}

const std::vector<TimeEnergyPoint> scaling_study{{"1-node", 100, 20000},
                                                 {"2-nodes", 60, 26000},
                                                 {"4-nodes", 40, 24000},
                                                 {"8-nodes", 25, 30000},
                                                 {"16-nodes", 25, 45000}};

TEST(ParetoChart, DrawsTheFrontAsAStaircaseThroughItsMembers) {
  // Axes: time 0–100 s (step 20), energy 0–50,000 J (step 10,000); the plot spans x 64–624 and
  // y 316–28 of the 640 × 360 chart. Front: 8 nodes (25 s, 30,000 J) at (204, 143.2), 4 nodes
  // (40 s, 24,000 J) at (288, 177.76), 1 node (100 s, 20,000 J) at (624, 200.8), in whole units.
  const std::string svg = render_pareto_chart(scaling_study, {.title = "strong scaling", .source = "measured"});
  EXPECT_NE(svg.find("<path class=\"pareto-front\" d=\"m204 143h84v35h336v23\"/>"), std::string::npos) << svg;
  EXPECT_EQ(count_of(svg, "<g class=\"front-member\">"), 3u);
  EXPECT_EQ(count_of(svg, "<g class=\"dominated\">"), 2u);
}

TEST(ParetoChart, NamesTheEndsAndLabelsOnlyTheFront) {
  const std::string svg = render_pareto_chart(scaling_study, {.title = "strong scaling", .source = "model estimate"});
  // Numbered by increasing time, and listed below the plot in that order.
  EXPECT_NE(svg.find(">1) 8-nodes (fastest): 25 s, 30000 J</text>"), std::string::npos);
  EXPECT_NE(svg.find(">2) 4-nodes: 40 s, 24000 J</text>"), std::string::npos);
  EXPECT_NE(svg.find(">3) 1-node (least energy): 100 s, 20000 J</text>"), std::string::npos);
  EXPECT_EQ(svg.find("2-nodes: 60 s, 26000 J</text>"), std::string::npos); // dominated: on hover only
  EXPECT_NE(svg.find("viewBox=\"0 0 640 409\""), std::string::npos);       // 360 + 3 lines of 15 + 4
  EXPECT_NE(svg.find("<title>2-nodes: 60 s, 26000 J</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>4-nodes: 40 s, 24000 J, on the front</title>"), std::string::npos);
  EXPECT_NE(svg.find("strong scaling (energy: model estimate)"), std::string::npos);
}

TEST(ParetoChart, OneConfigurationIsBothEnds) {
  const std::string svg = render_pareto_chart({{"only", 10, 500}}, {.title = "t", .source = "measured"});
  EXPECT_NE(svg.find(">1) only (fastest, least energy): 10 s, 500 J</text>"), std::string::npos);
}

TEST(ParetoChart, SaysSoWithoutAMeasurablePoint) {
  const std::string svg = render_pareto_chart({{"no energy", 10, NAN}}, {.title = "t", .source = "measured"});
  EXPECT_NE(svg.find("no configuration with both time and energy"), std::string::npos);
  EXPECT_EQ(svg.find("<circle"), std::string::npos);
}

TEST(ParetoChart, EscapesConfigurationNames) {
  const std::string svg =
      render_pareto_chart({{"<script>x()</script> & \"q\"", 10, 500}}, {.title = "a<b", .source = "measured"});
  EXPECT_EQ(svg.find("<script>"), std::string::npos);
  EXPECT_NE(svg.find("&lt;script&gt;x()&lt;/script&gt; &amp; &quot;q&quot; (fastest, least energy): 10 s, 500 J"),
            std::string::npos);
  EXPECT_NE(svg.find("aria-label=\"a&lt;b\""), std::string::npos);
}

} // namespace
} // namespace tally::pages
