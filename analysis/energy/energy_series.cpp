// SPDX-License-Identifier: BSD-3-Clause
// Measured energy along the commits (energy_series.hpp).
#include "analysis/energy/energy_series.hpp"

#include "analysis/energy/configuration_energy.hpp"

#include "tally/model/energy_units.hpp"

namespace tally::analysis::energy {

std::vector<MetricSeries> measured_energy_series(const Experiment& experiment, const std::string& region) {
  std::vector<MetricSeries> out;
  for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
    MetricSeries series{column, {}};
    for (const std::size_t commit : experiment.commits()) {
      const Repetitions* runs = experiment.repetitions(commit, column);
      if (!runs) continue;
      SeriesPoint point{commit, {}};
      for (const RunEnergy& run : run_energies(*runs, region, Source::measured, nullptr))
        point.repetitions.push_back(model::joules(run.microjoules));
      if (!point.repetitions.empty()) series.points.push_back(std::move(point));
    }
    if (!series.points.empty()) out.push_back(std::move(series));
  }
  return out;
}

} // namespace tally::analysis::energy
