// SPDX-License-Identifier: BSD-3-Clause
// A region's energy to solution: the one rule for which of its measured domains add up, so that
// nothing is counted twice.
#pragma once

#include "tally/model/run_document.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace tally::model {

/// The energy to solution of a region and the domains it sums.
struct EnergyToSolution {
  std::uint64_t microjoules = 0;
  std::string domains; ///< the domains summed, "package + dram", "psys + gpu"
  bool operator==(const EnergyToSolution&) const = default;
};

/// `psys` where the region has it (the platform: it contains the packages and, where the firmware
/// reports it, the memory), else `package` + `dram`, whichever are present; `gpu` added to either (a
/// device's own sensor, outside the CPU's RAPL domains). `core` and `uncore` are parts of a package
/// and never added. nullopt when the region has none of these domains.
std::optional<EnergyToSolution> energy_to_solution(const RegionEnergy& energy);

} // namespace tally::model
