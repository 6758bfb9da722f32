// The evolution of one metric of one region along the commits: per configuration, the values of
// every repetition at each commit that has runs.
#pragma once

#include "analysis/region_metrics.hpp"

namespace tally::pages {

struct SeriesPoint {
  std::size_t commit = 0;          ///< position in the commit order
  std::vector<double> repetitions; ///< one value per repetition that has the metric
};

struct MetricSeries {
  std::size_t configuration = 0;
  std::vector<SeriesPoint> points; ///< oldest first, only commits with a value
};

std::vector<MetricSeries> metric_series(const Experiment& experiment, const std::string& region,
                                        model::MetricId metric);

} // namespace tally::pages
