// SPDX-License-Identifier: BSD-3-Clause
// Times with an offset, as CI systems and git write them, become UTC with a Z.
#include "tally/model/utc_time.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

TEST(UtcTime, offsets_are_applied_and_fractions_dropped) {
  EXPECT_EQ(to_utc_iso8601("2026-11-22T00:52:09Z"), "2026-11-22T00:52:09Z");
  EXPECT_EQ(to_utc_iso8601("2026-11-22T01:52:09+01:00"), "2026-11-22T00:52:09Z");
  EXPECT_EQ(to_utc_iso8601("2026-11-21T19:52:09.250-0500"), "2026-11-22T00:52:09Z");
  EXPECT_EQ(to_utc_iso8601("2026-01-01T00:30:00+01:00"), "2025-12-31T23:30:00Z") << "across a year";
}

TEST(UtcTime, text_that_is_not_a_time_is_refused) {
  EXPECT_FALSE(to_utc_iso8601(""));
  EXPECT_FALSE(to_utc_iso8601("2026-11-22"));
  EXPECT_FALSE(to_utc_iso8601("2026-13-45T99:99:99Z"));
  EXPECT_FALSE(to_utc_iso8601("2026-11-22T00:52:09"));
}

TEST(UtcTime, unix_time_is_written_in_utc) {
  EXPECT_EQ(utc_iso8601(0), "1970-01-01T00:00:00Z");
  // 2026-11-28: 20785 days after 1970-01-01 (56 years, 14 of them leap, and 331 days into 2026);
  // 20785 × 86400 + 10 h = 1795824000 + 36000.
  EXPECT_EQ(utc_iso8601(1'795'860'000), "2026-11-28T10:00:00Z");
}

} // namespace
} // namespace tally::model
