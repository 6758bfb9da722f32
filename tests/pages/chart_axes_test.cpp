// SPDX-License-Identifier: BSD-3-Clause
// Axis arithmetic of the evolution charts: medians, nice ticks, commit-label strides, numbers.
#include "pages/chart_axes.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace tally::pages {
namespace {

TEST(ChartAxes, median_of_an_odd_count_is_the_middle_value) {
  EXPECT_DOUBLE_EQ(median_of({3.0, 1.0, 2.0}), 2.0);
  EXPECT_DOUBLE_EQ(median_of({7.5}), 7.5);
}

TEST(ChartAxes, median_of_an_even_count_averages_the_two_middle_values) {
  EXPECT_DOUBLE_EQ(median_of({4.0, 1.0, 3.0, 2.0}), 2.5);
  EXPECT_DOUBLE_EQ(median_of({0.25, 0.75}), 0.5);
}

TEST(ChartAxes, median_ignores_values_that_are_not_finite) {
  EXPECT_DOUBLE_EQ(median_of({1.0, NAN, 3.0, INFINITY}), 2.0);
  EXPECT_TRUE(std::isnan(median_of({})));
  EXPECT_TRUE(std::isnan(median_of({NAN})));
}

TEST(ChartAxes, efficiency_axis_is_zero_to_one_in_steps_of_0_2) {
  const ValueAxis axis = efficiency_axis();
  EXPECT_EQ(axis.low, 0.0);
  EXPECT_EQ(axis.high, 1.0);
  ASSERT_EQ(axis.ticks.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i)
    EXPECT_NEAR(axis.ticks[i], 0.2 * static_cast<double>(i), 1e-12);
}

TEST(ChartAxes, nice_axis_of_times_starts_at_zero_with_a_round_step) {
  const ValueAxis axis = nice_axis(180.0, 240.0, true);
  EXPECT_EQ(axis.low, 0.0);
  EXPECT_EQ(axis.high, 250.0);
  EXPECT_EQ(axis.ticks, (std::vector<double>{0, 50, 100, 150, 200, 250}));
}

TEST(ChartAxes, nice_axis_without_zero_fits_the_data_range) {
  const ValueAxis axis = nice_axis(1.23e9, 1.48e9, false);
  EXPECT_DOUBLE_EQ(axis.low, 1.2e9);
  EXPECT_DOUBLE_EQ(axis.high, 1.5e9);
  EXPECT_EQ(axis.ticks.size(), 7u); // step 5e7
}

TEST(ChartAxes, nice_axis_steps_are_one_two_or_five_times_a_power_of_ten) {
  const double ranges[][2] = {{0, 0.93}, {0, 3.7}, {2.1, 2.2}, {0, 12345}, {-4, 17}, {1e-7, 9e-7}, {0, 1e12}};
  for (const auto& range : ranges) {
    const ValueAxis axis = nice_axis(range[0], range[1], false);
    ASSERT_GE(axis.ticks.size(), 3u) << range[0] << ".." << range[1];
    EXPECT_LE(axis.ticks.size(), 11u);
    EXPECT_LE(axis.low, range[0]);
    EXPECT_GE(axis.high, range[1]);
    const double step = axis.ticks[1] - axis.ticks[0];
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    EXPECT_TRUE(std::fabs(mantissa - 1) < 1e-6 || std::fabs(mantissa - 2) < 1e-6 || std::fabs(mantissa - 5) < 1e-6)
        << "step " << step;
  }
}

TEST(ChartAxes, nice_axis_of_a_single_value_still_has_a_span) {
  const ValueAxis zero = nice_axis(0.0, 0.0, true);
  EXPECT_EQ(zero.low, 0.0);
  EXPECT_EQ(zero.high, 1.0);
  const ValueAxis five = nice_axis(5.0, 5.0, false);
  EXPECT_LT(five.low, 5.0);
  EXPECT_GT(five.high, 5.0);
  const ValueAxis none = nice_axis(INFINITY, -INFINITY, true); // no data at all
  EXPECT_EQ(none.low, 0.0);
  EXPECT_EQ(none.high, 1.0);
}

TEST(ChartAxes, label_stride_keeps_labels_within_the_limit) {
  EXPECT_EQ(commit_label_stride(500, 13), 39u); // labels at 0, 39, ..., 468: 13 of them
  EXPECT_EQ(commit_label_stride(10, 13), 1u);
  EXPECT_EQ(commit_label_stride(0, 13), 1u);
  EXPECT_EQ(commit_label_stride(5, 0), 5u);
  for (std::size_t commits = 1; commits < 1000; commits += 7) {
    const std::size_t stride = commit_label_stride(commits, 13);
    EXPECT_LE((commits + stride - 1) / stride, 13u) << commits;
  }
}

TEST(ChartAxes, svg_numbers_have_one_decimal_and_no_negative_zero) {
  EXPECT_EQ(svg_number(12.345), "12.3");
  EXPECT_EQ(svg_number(-0.01), "0.0");
  EXPECT_EQ(svg_number(1e6), "1000000.0");
  EXPECT_EQ(svg_number(-3.25), "-3.2");
  EXPECT_EQ(svg_number(NAN), "0.0");
}

TEST(ChartAxes, svg_pixels_are_whole_units_without_negative_zero) {
  EXPECT_EQ(svg_pixel(57.6), "58");
  EXPECT_EQ(svg_pixel(41.0), "41");
  EXPECT_EQ(svg_pixel(-0.4), "0");
  EXPECT_EQ(svg_pixel(-0.6), "-1");
  EXPECT_EQ(svg_pixel(NAN), "0");
}

} // namespace
} // namespace tally::pages
