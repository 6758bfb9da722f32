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
  while (rows[kinds + 1].depth == 1)
    ++kinds;
  EXPECT_EQ(kinds, model::mpi_call_kinds.size());
  // A region without raw.mpi reads as not measured, never as 0.
  const model::RegionRaw without_mpi;
  for (const CountRow& row : rows)
    EXPECT_FALSE(row.read(without_mpi).has_value()) << row.name;
}

/// The value of the row named `name` for `raw`.
std::optional<std::uint64_t> row_value(const std::string& name, const model::RegionRaw& raw) {
  for (const CountRow& row : count_rows()) {
    if (row.name == name) return row.read(raw);
  }
  ADD_FAILURE() << "no row " << name;
  return std::nullopt;
}

TEST(CountRows, cuda_counts_have_their_rows_and_an_import_without_launches_says_so) {
  static_assert(model::device_copy_directions[1] == "device_to_host");
  model::LaunchesAndCopies work{.kernel_launches = 30, .kernel_launches_max = 20};
  work.copies[1] = 4;
  work.copy_bytes[1] = 4096;
  model::RegionRaw measured;
  measured.device_counts = model::DeviceCountsRaw{.runtime_calls = 45, .launches_and_copies = work};
  EXPECT_EQ(row_value("CUDA runtime calls", measured), 45u);
  EXPECT_EQ(row_value("kernel launches", measured), 30u);
  EXPECT_EQ(row_value("copies device to host", measured), 4u);
  EXPECT_EQ(row_value("CUDA bytes copied device to host", measured), 4096u);
  EXPECT_EQ(row_value("copies host to device", measured), 0u);
  // DLB TALP counts the runtime calls alone: launches and copies read as not measured, not 0.
  model::RegionRaw imported;
  imported.device_counts = model::DeviceCountsRaw{.runtime_calls = 400};
  EXPECT_EQ(row_value("CUDA runtime calls", imported), 400u);
  EXPECT_FALSE(row_value("kernel launches", imported).has_value());
  EXPECT_FALSE(row_value("copies device to host", imported).has_value());
}

} // namespace
} // namespace tally::pages
