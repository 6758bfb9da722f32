// SPDX-License-Identifier: BSD-3-Clause
// Scaling table: every configuration against the reference (fewest resources) of the same commit.
#include "analysis/scaling_table.hpp"

namespace tally::analysis {

ScalingTable scaling_table(const Experiment& experiment, std::size_t commit, const std::string& region) {
  ScalingTable table;
  const model::RegionRaw* reference = reference_raw(experiment, commit, region);
  for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
    const Repetitions* repetitions = experiment.repetitions(commit, column);
    if (!repetitions) continue;
    const auto values = repetition_metrics(*repetitions, region, reference, experiment.scaling);
    if (values.empty()) continue;
    table.columns.push_back(ScalingColumn{column, values.size(), summarize(values)});
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
