// SPDX-License-Identifier: BSD-3-Clause
// squeue's time left (%L) and -t's time limits in seconds, by hand, in each of their forms.
#include "cli/slurm_time_left.hpp"

#include <gtest/gtest.h>

namespace tally::cli {
namespace {

TEST(ParseTimeLeft, reads_minutes_hours_and_days) {
  EXPECT_EQ(parse_time_left("0:45"), 45u);
  EXPECT_EQ(parse_time_left("4:05"), 245u);                   // 4 × 60 + 5
  EXPECT_EQ(parse_time_left("1:02:03"), 3723u);               // 3600 + 120 + 3
  EXPECT_EQ(parse_time_left("2-00:00:10"), 172'810u);         // 2 × 86400 + 10
  EXPECT_EQ(parse_time_left("1-02:03:04"), 86'400u + 7'384u); // 86400 + 2 × 3600 + 3 × 60 + 4
}

TEST(ParseTimeLeft, names_no_time_for_a_job_without_a_limit_or_text_that_is_none) {
  EXPECT_FALSE(parse_time_left("UNLIMITED"));
  EXPECT_FALSE(parse_time_left("NOT_SET"));
  EXPECT_FALSE(parse_time_left("INVALID"));
  EXPECT_FALSE(parse_time_left(""));
  EXPECT_FALSE(parse_time_left("45"));
  EXPECT_FALSE(parse_time_left("1:2:3:4"));
  EXPECT_FALSE(parse_time_left("x-1:00"));
}

TEST(ParseTimeLimit, reads_each_form_of_slurms_time_option) {
  EXPECT_EQ(parse_time_limit("5"), 300u);             // minutes
  EXPECT_EQ(parse_time_limit("5:30"), 330u);          // 5 × 60 + 30
  EXPECT_EQ(parse_time_limit("1:02:03"), 3'723u);     // 3600 + 120 + 3
  EXPECT_EQ(parse_time_limit("2-0"), 172'800u);       // 2 × 86400
  EXPECT_EQ(parse_time_limit("1-2"), 93'600u);        // 86400 + 2 × 3600
  EXPECT_EQ(parse_time_limit("1-2:30"), 95'400u);     // 86400 + 7200 + 30 × 60
  EXPECT_EQ(parse_time_limit("1-02:30:15"), 95'415u); // 86400 + 7200 + 1800 + 15
}

TEST(ParseTimeLimit, names_no_time_for_no_limit_or_text_that_is_none) {
  EXPECT_FALSE(parse_time_limit("UNLIMITED"));
  EXPECT_FALSE(parse_time_limit("INFINITE"));
  EXPECT_FALSE(parse_time_limit(""));
  EXPECT_FALSE(parse_time_limit("1:2:3:4"));
  EXPECT_FALSE(parse_time_limit("1-2:3:4:5"));
  EXPECT_FALSE(parse_time_limit("x-1"));
}

} // namespace
} // namespace tally::cli
