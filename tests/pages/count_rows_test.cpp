// SPDX-License-Identifier: BSD-3-Clause
// How the site writes counts: whole numbers with thousands grouped, sizes with a decimal unit and
// three significant digits, per-visit fractions with three.
#include "pages/count_rows.hpp"

#include <gtest/gtest.h>

namespace tally::pages {
namespace {

TEST(CountFormat, whole_counts_keep_every_digit_grouped_by_thousands) {
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_count(999), "999");
  EXPECT_EQ(format_count(6458), "6,458");
  EXPECT_EQ(format_count(1234567), "1,234,567");
  // A per-visit value of 100 or more is rounded to a whole number: 1614.5 rounds half away from 0.
  EXPECT_EQ(format_count(1614.5), "1,615");
}

TEST(CountFormat, per_visit_fractions_show_three_significant_digits) {
  EXPECT_EQ(format_count(3.5), "3.5");
  EXPECT_EQ(format_count(1.0 / 3.0), "0.333");
  EXPECT_EQ(format_count(12.25), "12.2"); // printf rounds the binary 12.25 to even
}

TEST(CountFormat, sizes_take_a_decimal_unit) {
  EXPECT_EQ(format_bytes(512), "512 B");
  EXPECT_EQ(format_bytes(3664), "3.7 kB");
  EXPECT_EQ(format_bytes(60123456), "60.1 MB");
  EXPECT_EQ(format_bytes(123456789), "123 MB");
  // 999,999 B is 999.999 kB, which would print as "1000 kB": it moves up to 1.0 MB.
  EXPECT_EQ(format_bytes(999999), "1.0 MB");
  EXPECT_EQ(format_bytes(2.5e12), "2.5 TB");
}

TEST(CountRows, every_kind_of_mpi_call_has_a_row_under_the_calls) {
  const std::vector<CountRow>& rows = count_rows();
  ASSERT_EQ(rows.front().name, "MPI calls");
  std::size_t kinds = 0;
  for (const CountRow& row : rows) {
    if (row.depth == 1) ++kinds;
  }
  EXPECT_EQ(kinds, model::mpi_call_kinds.size());
  // A region without raw.mpi reads as not measured, never as 0.
  const model::RegionRaw without_mpi;
  for (const CountRow& row : rows)
    EXPECT_FALSE(row.read(without_mpi).has_value()) << row.name;
}

} // namespace
} // namespace tally::pages
