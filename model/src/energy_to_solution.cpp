// SPDX-License-Identifier: BSD-3-Clause
// The energy to solution of a region (energy_to_solution.hpp).
#include "tally/model/energy_to_solution.hpp"

namespace tally::model {

std::uint64_t energy_to_solution_uj(const RegionEnergy& energy) {
  const auto domain = [&](const char* name) {
    const auto found = energy.domains_uj.find(name);
    return found == energy.domains_uj.end() ? std::uint64_t{0} : found->second;
  };
  const bool has_package = energy.domains_uj.contains("package");
  return (has_package ? domain("package") : domain("psys")) + domain("dram") + domain("gpu");
}

} // namespace tally::model
