// SPDX-License-Identifier: BSD-3-Clause
// The evolution of metrics of one region along the commits: per metric and configuration, the
// values of every repetition at each commit that has runs.
#pragma once

#include "analysis/region_metrics.hpp"

#include <span>

namespace tally::analysis {

struct SeriesPoint {
  std::size_t commit = 0;          ///< position in the commit order
  std::vector<double> repetitions; ///< one value per repetition that has the metric
};

struct MetricSeries {
  std::size_t configuration = 0;
  std::vector<SeriesPoint> points; ///< oldest first, only commits with a value
};

/// The series of each of `metrics` (indexed like it); each repetition's metrics are computed once
/// for all of them.
std::vector<std::vector<MetricSeries>> metric_series(const Experiment& experiment, const std::string& region,
                                                     std::span<const model::MetricId> metrics);

} // namespace tally::analysis
