// SPDX-License-Identifier: BSD-3-Clause
// The energy parts of a run document written as JSON: a region's `energy` and `environment.energy`.
#pragma once

#include "tally/model/run_document.hpp"

#include <nlohmann/json.hpp>

namespace tally::model::detail {

nlohmann::ordered_json region_energy_to_json(const RegionEnergy& energy);
nlohmann::ordered_json energy_sensors_to_json(const EnergySensors& sensors);

} // namespace tally::model::detail
