// SPDX-License-Identifier: BSD-3-Clause
// The meter's running totals on a fake tree (wrap-around, a counter that fails for a while, zones
// of one domain added up) and the estimate between readings, all checked against hand sums.
#include "energy/energy_meter.hpp"
#include "energy/published_reading.hpp"

#include "fake_powercap.hpp"

namespace tally::profiler::energy {
namespace {

constexpr auto package = static_cast<std::size_t>(Domain::package);
constexpr auto dram = static_cast<std::size_t>(Domain::dram);

TEST_F(FakePowercap, totals_add_every_increment_across_a_wrap_and_zones_of_one_domain) {
  const auto package0 = zone("intel-rapl:0", "package-0", "900", "1000");
  const auto package1 = zone("intel-rapl:1", "package-1", "10", "1000");
  const auto memory = zone("intel-rapl:0/intel-rapl:0:0", "dram", "0", "1000");
  EnergyMeter meter(scan_powercap(root_).zones);
  meter.read();
  EXPECT_EQ(meter.totals_uj(), DomainEnergy{});
  // package-0: 900 -> 100 (wrapped at 1000: 200) -> 400 (300); package-1: 10 -> 60 -> 70; dram: 0 -> 5 -> 9.
  write(package0 / "energy_uj", "100");
  write(package1 / "energy_uj", "60");
  write(memory / "energy_uj", "5");
  meter.read();
  write(package0 / "energy_uj", "400");
  write(package1 / "energy_uj", "70");
  write(memory / "energy_uj", "9");
  meter.read();
  EXPECT_EQ(meter.totals_uj()[package], 200u + 300u + 50u + 10u);
  EXPECT_EQ(meter.totals_uj()[dram], 9u);
  EXPECT_EQ(meter.failed_reads(), 0u);
}

TEST_F(FakePowercap, a_counter_that_fails_for_a_while_gives_its_energy_at_the_next_good_reading) {
  const auto folder = zone("intel-rapl:0", "package-0", "100", "1000");
  EnergyMeter meter(scan_powercap(root_).zones);
  meter.read();
  make_unreadable(folder);
  meter.read();
  meter.read();
  EXPECT_EQ(meter.failed_reads(), 2u);
  EXPECT_EQ(meter.totals_uj()[package], 0u);
  std::filesystem::remove(folder / "energy_uj");
  write(folder / "energy_uj", "700");
  meter.read();
  EXPECT_EQ(meter.totals_uj()[package], 600u);
}

TEST(PublishedReading, estimates_with_the_power_of_the_interval_before_the_latest_reading) {
  PublishedReading reading;
  DomainEnergy total{};
  reading.publish(1000, total);
  // Before a second reading there is no power: the estimate is the reading itself.
  EXPECT_EQ(reading.estimate_at(1500)[package], 0.0);
  total[package] = 2000; // 2000 uJ over 100 ticks: 20 uJ per tick
  total[dram] = 100;     // 1 uJ per tick
  reading.publish(1100, total);
  EXPECT_DOUBLE_EQ(reading.estimate_at(1100)[package], 2000.0);
  EXPECT_DOUBLE_EQ(reading.estimate_at(1150)[package], 2000.0 + 50 * 20.0);
  EXPECT_DOUBLE_EQ(reading.estimate_at(1150)[dram], 100.0 + 50 * 1.0);
  // A tick before the reading (a region took its time just before the helper published) is the reading's.
  EXPECT_DOUBLE_EQ(reading.estimate_at(1090)[package], 2000.0);
}

} // namespace
} // namespace tally::profiler::energy
