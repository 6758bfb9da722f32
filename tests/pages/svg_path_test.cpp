// SPDX-License-Identifier: BSD-3-Clause
// Relative path data: each point is the difference of whole-unit positions, so reading the path
// back never drifts from the rounded absolute positions however long it is.
#include "pages/svg_path.hpp"

#include <gtest/gtest.h>

namespace tally::pages {
namespace {

TEST(RelativePath, steps_are_differences_of_rounded_positions) {
  RelativePath path;
  path.move_to(10.4, 20.6); // (10, 21), from the origin
  path.line_to(13.6, 18.2); // (14, 18): +4 -3
  path.line_to(17.5, 18.4); // (18, 18): +4 +0
  path.vertical_to(25.49);  // y 25: +7
  EXPECT_EQ(path.data(), "m10 21l4-3l4 0v7");
}

TEST(RelativePath, horizontal_steps_are_differences_of_rounded_positions) {
  RelativePath grid;
  grid.move_to(54.0, 278.0); // from the origin
  grid.horizontal_to(776.4); // x 776: +722
  grid.move_to(54.0, 228.4); // (54, 228): -722 -50
  grid.horizontal_to(775.6); // x 776 again: +722
  EXPECT_EQ(grid.data(), "m54 278h722m-722-50h722");
}

TEST(RelativePath, a_thousand_fractional_steps_end_at_the_rounded_last_point) {
  RelativePath path;
  path.move_to(0, 0); // "m0 0"
  double x = 0;
  for (int i = 0; i < 1000; ++i) {
    x += 0.7; // rounding each step alone would give 1 each time: 1000 instead of 700
    path.line_to(x, 0);
  }
  long sum = 0;
  const std::string& d = path.data();
  for (std::size_t at = 4; at < d.size();) {
    std::size_t used = 0;
    sum += std::stol(d.substr(at + 1), &used); // the dx after each 'l'
    at += 1 + used + 2;                        // " 0"
  }
  EXPECT_EQ(sum, 700);
}

TEST(RelativePath, closed_shapes_are_appended_verbatim) {
  RelativePath path;
  path.move_to(5, 5);
  path.append_closed("h0");
  path.move_to(8, 5);
  EXPECT_EQ(path.data(), "m5 5h0m3 0");
  EXPECT_FALSE(path.empty());
  EXPECT_TRUE(RelativePath().empty());
}

} // namespace
} // namespace tally::pages
