// SPDX-License-Identifier: BSD-3-Clause
// Sparklines: the values spread over the width between 3-unit margins, the smallest at the bottom,
// the largest at the top, the last one marked, the title escaped.
#include "pages/sparkline.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tally::pages {
namespace {

TEST(Sparkline, values_span_the_box_from_the_first_to_the_last) {
  // 120 × 24 units less 3 on each side: x steps of (120 − 6) / 2 = 57; y from 21 (value 1) to 3
  // (value 3), 12 for the middle value.
  const std::string svg = render_sparkline(std::vector<double>{1, 2, 3}, "t");
  EXPECT_NE(svg.find("<path class=\"spark-line\" d=\"m3 21l57-9l57-9\"/>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<path class=\"spark-last\" d=\"m117 3h0\"/>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("width=\"120\" height=\"24\" viewBox=\"0 0 120 24\""), std::string::npos) << svg;
}

TEST(Sparkline, equal_values_draw_a_flat_line_through_the_middle) {
  const std::string svg = render_sparkline(std::vector<double>{5, 5}, "t");
  EXPECT_NE(svg.find("d=\"m3 12l114 0\""), std::string::npos) << svg;
}

TEST(Sparkline, the_title_is_escaped_and_no_values_draw_nothing) {
  EXPECT_NE(render_sparkline(std::vector<double>{1}, "<a&b>").find("<title>&lt;a&amp;b&gt;</title>"),
            std::string::npos);
  EXPECT_EQ(render_sparkline(std::vector<double>{}, "t"), "");
}

} // namespace
} // namespace tally::pages
