// SPDX-License-Identifier: BSD-3-Clause
// Which domains a region's energy to solution adds: nothing counted twice, nothing left out.
#include "tally/model/energy_to_solution.hpp"
#include "tally/model/metric_format.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

RegionEnergy measured(std::map<std::string, std::uint64_t> domains) { return {"measured", std::move(domains)}; }

TEST(EnergyToSolution, package_and_dram_add_and_their_parts_do_not) {
  // core and uncore are parts of package: 12 + 3 J, not 12 + 3 + 8 + 2.
  const auto energy = energy_to_solution(
      measured({{"package", 12'000'000}, {"dram", 3'000'000}, {"core", 8'000'000}, {"uncore", 2'000'000}}));
  ASSERT_TRUE(energy);
  EXPECT_EQ(energy->microjoules, 15'000'000u);
  EXPECT_EQ(energy->domains, "package + dram");
}

TEST(EnergyToSolution, the_platform_replaces_the_packages_and_a_gpu_adds) {
  // psys 40 J already holds the package's 12 J and dram's 3 J; the GPU's 25 J is its own sensor.
  const auto energy = energy_to_solution(
      measured({{"package", 12'000'000}, {"dram", 3'000'000}, {"psys", 40'000'000}, {"gpu", 25'000'000}}));
  ASSERT_TRUE(energy);
  EXPECT_EQ(energy->microjoules, 65'000'000u);
  EXPECT_EQ(energy->domains, "psys + gpu");
}

TEST(EnergyToSolution, only_parts_of_a_package_give_no_energy_to_solution) {
  EXPECT_EQ(energy_to_solution(measured({{"core", 8'000'000}})), std::nullopt);
}

TEST(EnergyToSolution, the_metric_reads_in_joules) { EXPECT_EQ(format_metric(MetricId::energy_j, 134.4), "134.40 J"); }

} // namespace
} // namespace tally::model
