// SPDX-License-Identifier: BSD-3-Clause
// Accumulating the counters: one increment per zone per reading, wrap-around by energy_between.
#include "energy/energy_meter.hpp"

#include <utility>

namespace tally::profiler::energy {

EnergyMeter::EnergyMeter(std::vector<Zone> zones)
    : zones_(std::move(zones)), last_uj_(zones_.size(), 0), total_uj_(zones_.size(), 0),
      read_once_(zones_.size(), false) {}

void EnergyMeter::read() {
  for (std::size_t i = 0; i < zones_.size(); ++i) {
    const std::optional<std::uint64_t> now = read_energy_uj(zones_[i]);
    if (!now) {
      ++failed_reads_;
      continue;
    }
    if (read_once_[i]) total_uj_[i] += energy_between(last_uj_[i], *now, zones_[i].range_uj);
    last_uj_[i] = *now;
    read_once_[i] = true;
  }
}

DomainEnergy EnergyMeter::totals_uj() const {
  DomainEnergy sum{};
  for (std::size_t i = 0; i < zones_.size(); ++i)
    sum[static_cast<std::size_t>(zones_[i].domain)] += total_uj_[i];
  return sum;
}

} // namespace tally::profiler::energy
