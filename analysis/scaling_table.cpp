// SPDX-License-Identifier: BSD-3-Clause
// Scaling table: every configuration against the reference (fewest resources, same CPU frequency) of
// the same commit.
#include "analysis/scaling_table.hpp"

#include "analysis/energy/useful_computation_ratio.hpp"

namespace tally::analysis {
namespace {

std::optional<MetricSummary> useful_computation_ratios(const std::vector<model::MetricValues>& values) {
  std::vector<double> ratios;
  for (const model::MetricValues& of_run : values) {
    if (const auto ratio = energy::useful_computation_ratio(of_run)) ratios.push_back(*ratio);
  }
  return summarize_values(ratios);
}

} // namespace

ScalingTable scaling_table(const Experiment& experiment, std::size_t commit, const std::string& region,
                           const model::NodePowerProfile* power_profile) {
  ScalingTable table;
  table.energy_source = energy::commit_energy_source(experiment, commit, region, power_profile);
  for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
    const Repetitions* repetitions = experiment.repetitions(commit, column);
    if (!repetitions) continue;
    const model::RegionRaw* reference = reference_raw(experiment, commit, region, column);
    const auto values = repetition_metrics(*repetitions, region, reference, experiment.scaling);
    if (values.empty()) continue;
    ScalingColumn out{column, values.size(), summarize(values)};
    if (table.energy_source)
      out.energy =
          energy::summarize_energy(energy::run_energies(*repetitions, region, *table.energy_source, power_profile));
    out.useful_computation_ratio = useful_computation_ratios(values);
    table.has_useful_computation_ratio |= out.useful_computation_ratio.has_value();
    table.columns.push_back(out);
  }
  for (const model::MetricInfo& metric : model::metric_table()) {
    for (const ScalingColumn& column : table.columns) {
      if (column.metrics[static_cast<std::size_t>(metric.id)]) {
        table.rows.push_back(metric.id);
        break;
      }
    }
  }
  return table;
}

} // namespace tally::analysis
