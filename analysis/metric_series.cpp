// SPDX-License-Identifier: BSD-3-Clause
// Metric series across commits; scalability at each commit is relative to that commit's reference.
#include "analysis/metric_series.hpp"

namespace tally::analysis {

std::vector<std::vector<MetricSeries>> metric_series(const Experiment& experiment, const std::string& region,
                                                     std::span<const model::MetricId> metrics) {
  std::vector<std::vector<MetricSeries>> out(metrics.size(),
                                             std::vector<MetricSeries>(experiment.configurations.size()));
  for (std::vector<MetricSeries>& lines : out) {
    for (std::size_t column = 0; column < lines.size(); ++column)
      lines[column].configuration = column;
  }
  for (const std::size_t commit : experiment.commits()) {
    for (std::size_t column = 0; column < experiment.configurations.size(); ++column) {
      const Repetitions* repetitions = experiment.repetitions(commit, column);
      if (!repetitions) continue;
      const model::RegionRaw* reference = reference_raw(experiment, commit, region, column);
      const auto values = repetition_metrics(*repetitions, region, reference, experiment.scaling);
      for (std::size_t m = 0; m < metrics.size(); ++m) {
        SeriesPoint point{commit, {}};
        point.repetitions.reserve(values.size()); // sized once: the site draws every metric of every region
        for (const model::MetricValues& of_run : values) {
          if (const auto value = of_run.get(metrics[m])) point.repetitions.push_back(*value);
        }
        if (!point.repetitions.empty()) out[m][column].points.push_back(std::move(point));
      }
    }
  }
  for (std::vector<MetricSeries>& lines : out) {
    std::erase_if(lines, [](const MetricSeries& series) { return series.points.empty(); });
  }
  return out;
}

} // namespace tally::analysis
