// SPDX-License-Identifier: BSD-3-Clause
// Time and estimated energy per configuration (configuration_energy.hpp).
#include "analysis/energy/configuration_energy.hpp"

#include "analysis/region_metrics.hpp"

namespace tally::analysis::energy {

std::vector<TimeEnergyPoint> estimated_points(const Experiment& experiment, std::size_t commit,
                                              const model::NodePowerProfile& profile) {
  std::vector<TimeEnergyPoint> points;
  for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
    const Repetitions* runs = experiment.repetitions(commit, column);
    const model::RegionRaw* global = runs ? representative_raw(*runs, "Global") : nullptr;
    if (!global) continue;
    points.push_back({experiment.configurations[column].label(), static_cast<double>(global->elapsed_ns) * 1e-9,
                      model::estimate_energy(*global, profile).total_joules()});
  }
  return points;
}

} // namespace tally::analysis::energy
