// SPDX-License-Identifier: BSD-3-Clause
// Energy written as JSON: microjoules by domain, the source, the sensors or why there are none.
#include "energy_writer.hpp"

namespace tally::model::detail {

nlohmann::ordered_json region_energy_to_json(const RegionEnergy& energy) {
  nlohmann::ordered_json uj = nlohmann::ordered_json::object();
  for (const auto& [domain, microjoules] : energy.domains_uj)
    uj[domain] = microjoules;
  return {{"source", energy.source}, {"domains_uj", std::move(uj)}};
}

nlohmann::ordered_json energy_sensors_to_json(const EnergySensors& sensors) {
  nlohmann::ordered_json out{{"available", sensors.available}, {"source", sensors.source}};
  if (!sensors.sensors.empty()) out["sensors"] = sensors.sensors;
  if (!sensors.left_out.empty()) out["left_out"] = sensors.left_out;
  if (!sensors.reason.empty()) out["reason"] = sensors.reason;
  if (sensors.sampling_period_ns > 0) out["sampling_period_ns"] = sensors.sampling_period_ns;
  return out;
}

} // namespace tally::model::detail
