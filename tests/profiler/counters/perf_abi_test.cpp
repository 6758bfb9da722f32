// SPDX-License-Identifier: BSD-3-Clause
// The perf_event ABI arithmetic by hand: sign extension of a pmc_width-bit counter, and the
// mmap page seqlock protocol driven with a fake page and a fake rdpmc.
#include "counters/perf_abi.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace tally::profiler::counters::abi {
namespace {

static_assert(sizeof(GroupRead) == 5 * sizeof(std::uint64_t));
static_assert(user_page_count(100, 5, 48) == 105);

TEST(user_page_count, adds_the_offset_to_a_positive_counter_value) {
  EXPECT_EQ(user_page_count(1'000, 234, 48), 1'234u);
  EXPECT_EQ(user_page_count(0, 0x7FFF'FFFF'FFFF, 48), 0x7FFF'FFFF'FFFFu);
}

TEST(user_page_count, sign_extends_from_the_counter_width) {
  // 48 bits all set is -1: the kernel starts counters at minus the period.
  EXPECT_EQ(user_page_count(1'000, 0xFFFF'FFFF'FFFF, 48), 999u);
  // Bit 47 set: -2^47.
  EXPECT_EQ(user_page_count(std::int64_t{1} << 47, 0x8000'0000'0000, 48), 0u);
  // 40-bit counter holding -10.
  EXPECT_EQ(user_page_count(10'010, (std::uint64_t{1} << 40) - 10, 40), 10'000u);
}

TEST(user_page_count, ignores_bits_above_the_counter_width) {
  EXPECT_EQ(user_page_count(0, 0xABCD'0000'0000'0005, 48), 5u);
}

TEST(user_page_count, adds_a_negative_offset) {
  // offset is the count minus the counter's value when the event was scheduled in.
  EXPECT_EQ(user_page_count(-5'000, 12'000, 48), 7'000u);
}

TEST(user_page_count, takes_width_64_and_invalid_widths_as_full_width) {
  EXPECT_EQ(user_page_count(1, 0xFFFF'FFFF'FFFF'FFFF, 64), 0u);
  EXPECT_EQ(user_page_count(7, 0x1'0000'0000'0000, 0), 0x1'0000'0000'0007u);
}

perf_event_mmap_page rdpmc_page(std::uint32_t index, std::int64_t offset) {
  perf_event_mmap_page page{};
  page.cap_user_rdpmc = 1;
  page.index = index;
  page.offset = offset;
  page.pmc_width = 48;
  return page;
}

TEST(read_user_page, reads_counter_index_minus_one_and_adds_the_offset) {
  const auto page = rdpmc_page(3, 1'000);
  std::uint32_t asked = 99;
  std::uint64_t count = 0;
  ASSERT_TRUE(read_user_page(
      page,
      [&](std::uint32_t counter) {
        asked = counter;
        return std::uint64_t{0xFFFF'FFFF'FFFF}; // -1 in 48 bits
      },
      count));
  EXPECT_EQ(asked, 2u);
  EXPECT_EQ(count, 999u);
}

TEST(read_user_page, refuses_without_touching_rdpmc_when_the_event_is_off_the_pmu) {
  const auto page = rdpmc_page(0, 1'000);
  int calls = 0;
  std::uint64_t count = 42;
  EXPECT_FALSE(read_user_page(
      page, [&](std::uint32_t) { return static_cast<std::uint64_t>(++calls); }, count));
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(count, 42u);
}

TEST(read_user_page, refuses_without_touching_rdpmc_when_the_kernel_forbids_it) {
  auto page = rdpmc_page(1, 0);
  page.cap_user_rdpmc = 0;
  int calls = 0;
  std::uint64_t count = 0;
  EXPECT_FALSE(read_user_page(
      page, [&](std::uint32_t) { return static_cast<std::uint64_t>(++calls); }, count));
  EXPECT_EQ(calls, 0);
}

TEST(read_user_page, retries_when_the_kernel_rewrote_the_page_meanwhile) {
  auto page = rdpmc_page(1, 100);
  int calls = 0;
  std::uint64_t count = 0;
  ASSERT_TRUE(read_user_page(
      page,
      [&](std::uint32_t) {
        if (++calls == 1) { // as if the thread were scheduled out and in during the first pass
          page.lock += 2;
          page.offset = 5'000;
        }
        return std::uint64_t{7};
      },
      count));
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(count, 5'007u);
}

} // namespace
} // namespace tally::profiler::counters::abi
