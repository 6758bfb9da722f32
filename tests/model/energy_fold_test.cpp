// SPDX-License-Identifier: BSD-3-Clause
// The fold of the hosts' energy: sums over the hosts' readers, the domains every reader measured,
// and no energy at all when one host could not measure.
#include "tally/model/energy_fold.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

RegionEnergy energy(std::map<std::string, std::uint64_t> domains_uj) { return {"measured", std::move(domains_uj)}; }

EnergySensors measured(std::vector<std::string> sensors) {
  EnergySensors out;
  out.available = true;
  out.sensors = std::move(sensors);
  out.sampling_period_ns = 100'000'000;
  return out;
}

EnergySensors unmeasured(std::string reason) {
  EnergySensors out;
  out.reason = std::move(reason);
  return out;
}

TEST(EnergyFold, region_energy_is_summed_over_the_hosts_in_the_domains_all_of_them_measured) {
  // Host A: package 5 J, dram 1 J; host B: package 7 J and no dram. Package: 5 + 7 = 12 J; dram
  // is left out (B's share is unknown, so 1 J would understate the run).
  RegionEnergyFold fold;
  fold.add(energy({{"package", 5'000'000}, {"dram", 1'000'000}}));
  fold.add(energy({{"package", 7'000'000}}));
  const std::optional<RegionEnergy> region = fold.finish(measured({"intel-rapl:0 (package-0)"}));
  ASSERT_TRUE(region);
  EXPECT_EQ(region->source, "measured");
  EXPECT_EQ(region->domains_uj, (std::map<std::string, std::uint64_t>{{"package", 12'000'000}}));
}

TEST(EnergyFold, region_without_a_reader_or_in_a_run_without_energy_has_none) {
  EXPECT_FALSE(RegionEnergyFold{}.finish(measured({"intel-rapl:0 (package-0)"})));
  RegionEnergyFold fold;
  fold.add(energy({{"package", 5'000'000}}));
  EXPECT_FALSE(fold.finish(unmeasured("no powercap folder")));
}

TEST(EnergyFold, sensors_of_every_reader_are_listed_once) {
  EnergySensorsFold fold;
  EnergySensors first = measured({"intel-rapl:0 (package-0)", "intel-rapl:0:0 (dram)"});
  first.left_out = {"intel-rapl:1 (package-1): unreadable"};
  fold.add(first);
  EnergySensors second = measured({"intel-rapl:0 (package-0)"});
  second.sampling_period_ns = 150'000'000;
  fold.add(second);
  const EnergySensors run = fold.finish();
  EXPECT_TRUE(run.available);
  EXPECT_EQ(run.sensors, (std::vector<std::string>{"intel-rapl:0 (package-0)", "intel-rapl:0:0 (dram)"}));
  EXPECT_EQ(run.left_out, std::vector<std::string>{"intel-rapl:1 (package-1): unreadable"});
  EXPECT_EQ(run.sampling_period_ns, 150'000'000u);
}

TEST(EnergyFold, run_has_no_energy_when_one_host_could_not_measure_and_says_how_many) {
  EnergySensorsFold fold;
  fold.add(measured({"intel-rapl:0 (package-0)"}));
  fold.add(unmeasured("no powercap folder /sys/class/powercap"));
  const EnergySensors run = fold.finish();
  EXPECT_FALSE(run.available);
  EXPECT_EQ(run.reason, "1 of 2 hosts measured no energy: no powercap folder /sys/class/powercap");
}

TEST(EnergyFold, run_without_any_reader_has_no_energy_and_a_reason) {
  const EnergySensors run = EnergySensorsFold{}.finish();
  EXPECT_FALSE(run.available);
  EXPECT_FALSE(run.reason.empty());
}

} // namespace
} // namespace tally::model
