// SPDX-License-Identifier: BSD-3-Clause
// The energy parts of a run document read with the checker's rules (closed objects, integer
// microjoules, a known source and domain): a region's `energy` and `environment.energy`.
#pragma once

#include "tally/model/json_checker.hpp"
#include "tally/model/run_document.hpp"

namespace tally::model::detail {

RegionEnergy read_region_energy(const Json& energy, const Pointer& at, JsonChecker& checker);
EnergySensors read_energy_sensors(const Json& sensors, const Pointer& at, JsonChecker& checker);

} // namespace tally::model::detail
