// Metric series across commits; scalability at each commit is relative to that commit's reference.
#include "analysis/metric_series.hpp"

namespace tally::pages {

std::vector<MetricSeries> metric_series(const Experiment& experiment, const std::string& region,
                                        model::MetricId metric) {
  std::vector<MetricSeries> out(experiment.configurations.size());
  for (std::size_t column = 0; column < out.size(); ++column)
    out[column].configuration = column;
  for (const std::size_t commit : experiment.commits()) {
    const model::RegionRaw* reference = reference_raw(experiment, commit, region);
    for (std::size_t column = 0; column < out.size(); ++column) {
      const Repetitions* repetitions = experiment.repetitions(commit, column);
      if (!repetitions) continue;
      SeriesPoint point{commit, {}};
      for (const model::MetricValues& values :
           repetition_metrics(*repetitions, region, reference, experiment.scaling)) {
        if (const auto value = values.get(metric)) point.repetitions.push_back(*value);
      }
      if (!point.repetitions.empty()) out[column].points.push_back(std::move(point));
    }
  }
  std::erase_if(out, [](const MetricSeries& series) { return series.points.empty(); });
  return out;
}

} // namespace tally::pages
