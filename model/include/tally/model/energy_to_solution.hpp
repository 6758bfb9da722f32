// SPDX-License-Identifier: BSD-3-Clause
// A region's energy to solution: the one sum of its energy domains that counts each joule once.
// The site's tables and charts and the gate's energy checks all add domains by this rule.
#pragma once

#include "tally/model/run_document.hpp"

#include <cstdint>

namespace tally::model {

/// The total of `energy` in microjoules: package + dram + gpu, and psys only where no package was
/// measured (psys is the whole platform, package included). `core` and `uncore` are parts of the
/// package and never added. 0 for a record of none of these domains.
std::uint64_t energy_to_solution_uj(const RegionEnergy& energy);

} // namespace tally::model
