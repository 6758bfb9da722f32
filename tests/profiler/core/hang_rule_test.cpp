// SPDX-License-Identifier: BSD-3-Clause
// The hang watchdog's timing rule, by hand: the hang timeout, and the deadline 30 s before the
// batch job's end, mapped from Unix time onto the watchdog's clock.
#include "core/hang_rule.hpp"

#include <gtest/gtest.h>

namespace tally::profiler {
namespace {

constexpr std::uint64_t s = 1'000'000'000; // one second in ns

// The watchdog's clock reads 500 s when Unix time is 1'795'860'000 s (2026-11-28T10:00:00Z).
constexpr std::uint64_t clock_now = 500 * s;
constexpr std::uint64_t unix_now = 1'795'860'000 * s;

TEST(HangRule, a_job_ending_in_ten_minutes_has_its_deadline_thirty_seconds_before_on_the_watchdogs_clock) {
  // End at Unix 1'795'860'600 s: 600 s from now, so the deadline is at 500 + 600 - 30 = 1070 s.
  const HangRule rule = hang_rule(std::chrono::seconds{0}, 1'795'860'600, unix_now, clock_now);
  ASSERT_TRUE(rule.deadline_ns);
  EXPECT_EQ(*rule.deadline_ns, 1070 * s);
  EXPECT_EQ(rule.timeout_ns, 0u);
  EXPECT_TRUE(watches(rule));
}

TEST(HangRule, a_job_already_past_its_deadline_has_it_now_and_no_job_has_none) {
  // End 20 s from now: the deadline (10 s ago) is now.
  EXPECT_EQ(hang_rule(std::chrono::seconds{0}, 1'795'860'020, unix_now, clock_now).deadline_ns, clock_now);
  const HangRule none = hang_rule(std::chrono::seconds{0}, std::nullopt, unix_now, clock_now);
  EXPECT_FALSE(none.deadline_ns);
  EXPECT_FALSE(watches(none));
  EXPECT_TRUE(watches(hang_rule(std::chrono::seconds{90}, std::nullopt, unix_now, clock_now)));
}

TEST(HangRule, before_the_deadline_a_wait_is_named_after_the_timeout_only) {
  const HangRule rule{600 * s, 1070 * s};
  EXPECT_FALSE(names_wait(rule, 100 * s, 699 * s)); // 599 s
  EXPECT_TRUE(names_wait(rule, 100 * s, 700 * s));  // 600 s
  // Without a timeout, a wait of 900 s before the deadline is not named.
  EXPECT_FALSE(names_wait(HangRule{0, 1070 * s}, 100 * s, 1000 * s));
}

TEST(HangRule, from_the_deadline_a_wait_of_one_second_is_named) {
  const HangRule rule{600 * s, 1070 * s};
  EXPECT_TRUE(names_wait(rule, 1060 * s, 1070 * s));          // began before the deadline, 10 s long
  EXPECT_TRUE(names_wait(rule, 1070 * s, 1071 * s));          // began at the deadline, 1 s long
  EXPECT_FALSE(names_wait(rule, 1071 * s, 1071 * s + s / 2)); // 0.5 s: one MPI call among many
  EXPECT_FALSE(names_wait(rule, 1068 * s, 1069 * s + s / 2)); // 1.5 s, but before the deadline
}

TEST(HangRule, another_rank_holds_its_document_one_timeout_but_no_later_than_fifteen_seconds_before_the_end) {
  // Deadline 1070 s, end 1100 s: another rank writes by 1085 s at the latest.
  const HangRule rule{600 * s, 1070 * s};
  EXPECT_EQ(held_until(rule, 200 * s), 800 * s);   // 200 + 600, before 1085
  EXPECT_EQ(held_until(rule, 1000 * s), 1085 * s); // 1000 + 600 is past 1085
  EXPECT_EQ(held_until(rule, 1090 * s), 1090 * s); // named past 1085: at once
  EXPECT_EQ(held_until(HangRule{600 * s, std::nullopt}, 1000 * s), 1600 * s);
  EXPECT_EQ(held_until(HangRule{0, 1070 * s}, 1071 * s), 1085 * s);
}

} // namespace
} // namespace tally::profiler
