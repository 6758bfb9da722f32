// SPDX-License-Identifier: BSD-3-Clause
// The powercap reader on fake trees written by the test: which zones it keeps and why it leaves
// the others out, and the energy between readings across a wrap-around, by hand.
#include "energy/powercap.hpp"

#include "fake_powercap.hpp"

#include <string>

namespace tally::profiler::energy {
namespace {

TEST_F(FakePowercap, keeps_packages_and_their_sub_zones_in_folder_order) {
  // As Linux lays it out: top-level zones, sub-zones inside their package (and linked at the top).
  zone("intel-rapl:0", "package-0", "1000");
  zone("intel-rapl:0/intel-rapl:0:0", "core", "400");
  zone("intel-rapl:0/intel-rapl:0:1", "dram", "200");
  zone("intel-rapl:1", "package-1", "3000");
  zone("intel-rapl:1/intel-rapl:1:0", "dram", "700");
  zone("intel-rapl-mmio:0", "package-0", "5"); // another interface to the same counter: not read twice
  const PowercapScan scan = scan_powercap(root_);
  ASSERT_EQ(scan.zones.size(), 5u);
  EXPECT_TRUE(scan.problems.empty());
  EXPECT_EQ(scan.zones[0].id, "intel-rapl:0");
  EXPECT_EQ(scan.zones[0].domain, Domain::package);
  EXPECT_EQ(scan.zones[1].id, "intel-rapl:0:0");
  EXPECT_EQ(scan.zones[1].domain, Domain::core);
  EXPECT_EQ(scan.zones[2].domain, Domain::dram);
  EXPECT_EQ(scan.zones[3].id, "intel-rapl:1");
  EXPECT_EQ(scan.zones[4].id, "intel-rapl:1:0");
  EXPECT_EQ(scan.zones[4].range_uj, 262143328850u);
  EXPECT_EQ(read_energy_uj(scan.zones[3]), 3000u);
  EXPECT_EQ(domain_name(scan.zones[4].domain), "dram");
}

TEST_F(FakePowercap, an_unreadable_counter_is_left_out_with_its_reason) {
  zone("intel-rapl:0", "package-0", "1000");
  const std::filesystem::path hidden = zone("intel-rapl:1", "package-1", "1000");
  make_unreadable(hidden);
  zone("intel-rapl:2", "package-2", "not a number");
  zone("intel-rapl:3", "gpu", "10");
  zone("intel-rapl:4", "package-4", "10", "0");
  const PowercapScan scan = scan_powercap(root_);
  ASSERT_EQ(scan.zones.size(), 1u);
  ASSERT_EQ(scan.problems.size(), 4u);
  EXPECT_NE(scan.problems[0].find("intel-rapl:1 (package-1): energy_uj is not readable (No such file"),
            std::string::npos)
      << scan.problems[0];
  EXPECT_NE(scan.problems[1].find("intel-rapl:2 (package-2): energy_uj is not readable"), std::string::npos);
  EXPECT_EQ(scan.problems[2], "intel-rapl:3: unknown zone name \"gpu\"");
  EXPECT_EQ(scan.problems[3], "intel-rapl:4 (package-4): no max_energy_range_uj");
}

TEST_F(FakePowercap, a_machine_without_powercap_says_so) {
  const PowercapScan scan = scan_powercap(root_ / "absent");
  EXPECT_TRUE(scan.zones.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_NE(scan.problems[0].find("absent"), std::string::npos);
}

TEST(EnergyBetween, counts_across_one_wrap_around) {
  EXPECT_EQ(energy_between(100, 350, 1000), 250u);
  // 900 -> the counter passes 1000 and wraps to 0 -> 50: 100 + 50.
  EXPECT_EQ(energy_between(900, 50, 1000), 150u);
  EXPECT_EQ(energy_between(500, 500, 1000), 0u);
}

TEST_F(FakePowercap, readings_a_test_program_advances_add_up_across_the_wrap) {
  // 80 W for 2 s, then 30 W for 4 s, sampled every second, on a counter of range 200 J.
  const std::filesystem::path folder = zone("intel-rapl:0", "package-0", "150000000", "200000000");
  const PowercapScan scan = scan_powercap(root_);
  ASSERT_EQ(scan.zones.size(), 1u);
  std::uint64_t counter = 150'000'000, previous = counter, total = 0;
  for (const std::uint64_t joules_per_second : {80, 80, 30, 30, 30, 30}) {
    counter = (counter + joules_per_second * 1'000'000) % 200'000'000;
    write(folder / "energy_uj", std::to_string(counter));
    const std::uint64_t now = *read_energy_uj(scan.zones[0]);
    total += energy_between(previous, now, scan.zones[0].range_uj);
    previous = now;
  }
  EXPECT_EQ(total, (2 * 80 + 4 * 30) * 1'000'000u); // 280 J, across one wrap at 200 J
}

} // namespace
} // namespace tally::profiler::energy
