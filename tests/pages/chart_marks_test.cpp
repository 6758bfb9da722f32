// SPDX-License-Identifier: BSD-3-Clause
// Marks over the evolution charts: where a change point's line and a regression's triangle land,
// in whose colour, and that marks off the axis or absent draw nothing.
#include "pages/chart_layout.hpp"
#include "pages/chart_marks.hpp"
#include "pages/color_scale.hpp"

#include "chart_samples.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tally::pages {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

samples::SampleChart three_commits() {
  samples::SampleChart chart;
  chart.axis = samples::numbered_commits(3);
  chart.series = {{"4 ranks", 0, {{0, {1.0}, {}}, {1, {2.0}, {}}, {2, {2.0}, {}}}},
                  {"8 ranks", 1, {{0, {0.5}, {}}, {1, {1.0}, {}}, {2, {1.0}, {}}}}};
  return chart;
}

TEST(ChartMarks, a_change_point_is_a_line_between_its_commit_and_the_previous_in_its_series_colour) {
  samples::SampleChart chart = three_commits();
  chart.options.marks = {{ChartMark::Kind::change_point, 1, 1, "change point at 0abc0001"}};
  const ChartLayout layout = layout_chart(chart.axis, chart.series, chart.options);
  // Commits sit in the middle of equal bands: the boundary before commit 1 is halfway from 0 to 1.
  const std::string x = svg_number((layout.x_of(0) + layout.x_of(1)) / 2);
  EXPECT_THAT(draw_chart_marks(layout, chart.options),
              HasSubstr("<line class=\"change-point\" x1=\"" + x + "\" y1=\"" + svg_number(layout.top) + "\" x2=\"" +
                        x + "\" y2=\"" + svg_number(layout.bottom) + "\" stroke=\"" +
                        std::string(series_style(1).colour) + "\""));
  EXPECT_THAT(samples::render(chart), HasSubstr("<title>change point at 0abc0001</title></line>"));
}

TEST(ChartMarks, a_regression_is_a_triangle_pointing_down_at_its_commit_from_the_top_of_the_plot) {
  samples::SampleChart chart = three_commits();
  chart.options.marks = {{ChartMark::Kind::regression, 2, 0, "gate: regression"}};
  const ChartLayout layout = layout_chart(chart.axis, chart.series, chart.options);
  const double x = layout.x_of(2);
  // Corners 4 units left and right of the commit on the top edge (+1), the tip 8 units below it.
  EXPECT_THAT(draw_chart_marks(layout, chart.options),
              HasSubstr("d=\"M" + svg_number(x - 4) + " " + svg_number(layout.top + 1) + "L" + svg_number(x + 4) + " " +
                        svg_number(layout.top + 1) + "L" + svg_number(x) + " " + svg_number(layout.top + 8) + "Z\""));
}

TEST(ChartMarks, marks_beyond_the_axis_or_none_at_all_draw_nothing) {
  samples::SampleChart chart = three_commits();
  const ChartLayout layout = layout_chart(chart.axis, chart.series, chart.options);
  EXPECT_EQ(draw_chart_marks(layout, chart.options), "");
  EXPECT_THAT(samples::render(chart), Not(HasSubstr("class=\"marks\"")));
  chart.options.marks = {{ChartMark::Kind::regression, 3, 0, "off the axis"}};
  EXPECT_THAT(draw_chart_marks(layout, chart.options), Not(HasSubstr("off the axis")));
}

} // namespace
} // namespace tally::pages
