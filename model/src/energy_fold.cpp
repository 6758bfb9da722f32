// SPDX-License-Identifier: BSD-3-Clause
// The fold of the hosts' energy (energy_fold.hpp).
#include "tally/model/energy_fold.hpp"

#include <algorithm>

namespace tally::model {

void RegionEnergyFold::add(const RegionEnergy& energy) {
  for (std::size_t d = 0; d < domain_count; ++d) {
    const auto found = energy.domains_uj.find(std::string(energy_domains[d]));
    if (found == energy.domains_uj.end()) continue;
    sums[d] += found->second;
    ++sums[domain_count + d];
  }
  ++sums[readers];
}

std::optional<RegionEnergy> RegionEnergyFold::finish(const EnergySensors& run) const {
  if (!run.available || sums[readers] == 0) return std::nullopt;
  RegionEnergy energy;
  energy.source = run.source;
  for (std::size_t d = 0; d < domain_count; ++d)
    if (sums[domain_count + d] == sums[readers]) energy.domains_uj[std::string(energy_domains[d])] = sums[d];
  return energy;
}

void EnergySensorsFold::add(const EnergySensors& reader) {
  ++readers;
  if (reader.available) ++measured;
  sampling_period_ns = std::max(sampling_period_ns, reader.sampling_period_ns);
  sensors.insert(reader.sensors.begin(), reader.sensors.end());
  left_out.insert(reader.left_out.begin(), reader.left_out.end());
  if (!reader.available) reasons.insert(reader.reason);
}

EnergySensors EnergySensorsFold::finish() const {
  EnergySensors run;
  run.available = readers > 0 && measured == readers;
  run.sensors.assign(sensors.begin(), sensors.end());
  run.left_out.assign(left_out.begin(), left_out.end());
  run.sampling_period_ns = sampling_period_ns;
  for (const std::string& reason : reasons)
    run.reason += (run.reason.empty() ? "" : "; ") + reason;
  if (!run.available && run.reason.empty()) run.reason = "no process read its host's sensors";
  if (!run.available && measured > 0)
    run.reason = std::to_string(readers - measured) + " of " + std::to_string(readers) +
                 " hosts measured no energy: " + run.reason;
  return run;
}

} // namespace tally::model
