// SPDX-License-Identifier: BSD-3-Clause
// Display formatting of metric values: units by magnitude, decimals by kind, and printf's rounding of
// "%.2f" kept (the text is written by std::to_chars).
#include "tally/model/metric_format.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tally::model {
namespace {

TEST(MetricFormat, a_time_takes_the_unit_of_its_magnitude) {
  EXPECT_EQ(format_duration_ns(2.5e9), "2.50 s");
  EXPECT_EQ(format_duration_ns(1.5e6), "1.50 ms");
  EXPECT_EQ(format_duration_ns(2048), "2.05 µs"); // 2.048 rounds up
  EXPECT_EQ(format_duration_ns(999), "999 ns");
  EXPECT_EQ(format_duration_ns(-3e9), "-3.00 s");
}

TEST(MetricFormat, decimals_follow_the_kind_of_metric) {
  EXPECT_EQ(format_metric(MetricId::useful_instructions, 1234567.4), "1234567");
  EXPECT_EQ(format_metric(MetricId::parallel_efficiency, 0.8), "0.80");
  EXPECT_EQ(format_metric(MetricId::energy_j, 12.0), "12.00 J");
}

TEST(MetricFormat, a_tie_rounds_to_the_even_digit_as_printf_does) {
  // 0.125 and 0.375 are exact in binary: halfway between two hundredths, to the even one.
  EXPECT_EQ(format_metric(MetricId::parallel_efficiency, 0.125), "0.12");
  EXPECT_EQ(format_metric(MetricId::parallel_efficiency, 0.375), "0.38");
  // 2.5 and 3.5 ns without decimals: 2 and 4.
  EXPECT_EQ(format_duration_ns(2.5), "2 ns");
  EXPECT_EQ(format_duration_ns(3.5), "4 ns");
}

TEST(MetricFormat, a_value_too_long_to_write_is_cut_at_63_characters_as_before) {
  // 1e70 has 71 digits before the point: printf's text, cut to the 63 characters of its buffer.
  const std::string text = format_metric(MetricId::useful_instructions, 1e70);
  EXPECT_EQ(text.size(), 63u);
  EXPECT_EQ(text.find_first_not_of("0123456789"), std::string::npos);
  EXPECT_EQ(text.front(), '1');
}

} // namespace
} // namespace tally::model
