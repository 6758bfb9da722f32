// SPDX-License-Identifier: BSD-3-Clause
// psys rather than package + dram where both exist: psys is read at the platform's supply and
// already holds the packages; adding them would count each socket twice.
#include "tally/model/energy_to_solution.hpp"

#include <string_view>

namespace tally::model {

std::optional<EnergyToSolution> energy_to_solution(const RegionEnergy& energy) {
  const auto& domains = energy.domains_uj;
  EnergyToSolution out;
  bool any = false;
  const auto add = [&](std::string_view domain) {
    const auto found = domains.find(std::string(domain));
    if (found == domains.end()) return;
    out.microjoules += found->second;
    out.domains += (any ? " + " : "") + found->first;
    any = true;
  };
  if (domains.contains("psys")) {
    add("psys");
  } else {
    add("package");
    add("dram");
  }
  add("gpu");
  if (!any) return std::nullopt;
  return out;
}

} // namespace tally::model
