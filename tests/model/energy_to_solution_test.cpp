// SPDX-License-Identifier: BSD-3-Clause
// The energy to solution of a region (energy_to_solution.hpp): which domains add up, on records
// whose totals are summed by hand.
#include "tally/model/energy_to_solution.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

RegionEnergy measured(std::map<std::string, std::uint64_t> domains) { return {"measured", std::move(domains)}; }

TEST(EnergyToSolution, PackageDramAndGpuAddUpAndThePackagesPartsDoNot) {
  // 100 + 20 + 50 µJ; core (60) and uncore (10) are inside the package's 100.
  EXPECT_EQ(
      energy_to_solution_uj(measured({{"package", 100}, {"dram", 20}, {"gpu", 50}, {"core", 60}, {"uncore", 10}})),
      170u);
}

TEST(EnergyToSolution, PsysCountsOnlyWhereNoPackageWasMeasured) {
  // psys (400) holds the package (100): with both, the package counts; 100 + 20.
  EXPECT_EQ(energy_to_solution_uj(measured({{"package", 100}, {"psys", 400}, {"dram", 20}})), 120u);
  // Without a package, psys stands for it: 400 + 50.
  EXPECT_EQ(energy_to_solution_uj(measured({{"psys", 400}, {"gpu", 50}})), 450u);
}

TEST(EnergyToSolution, ARecordOfOnlyThePackagesPartsIsZero) {
  EXPECT_EQ(energy_to_solution_uj(measured({{"core", 60}})), 0u);
  EXPECT_EQ(energy_to_solution_uj(measured({})), 0u);
}

} // namespace
} // namespace tally::model
