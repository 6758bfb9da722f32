// SPDX-License-Identifier: BSD-3-Clause
// Costliest regions: the elapsed-time series of each region at one configuration, its newest median
// and the commit medians since the series' last change point (change_points.hpp).
#include "analysis/region_cost.hpp"

#include "analysis/change_points.hpp"
#include "analysis/metric_series.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

namespace tally::analysis {
namespace {

constexpr std::array<model::MetricId, 1> elapsed = {model::MetricId::elapsed_ns};

/// The region's cost, when its elapsed-time series at `configuration` reaches the newest commit.
std::optional<RegionCost> region_cost(const Experiment& experiment, const std::string& region,
                                      std::size_t configuration, std::size_t newest) {
  const std::vector<std::vector<MetricSeries>> of_metrics = metric_series(experiment, region, elapsed);
  for (const MetricSeries& series : of_metrics.front()) {
    if (series.configuration != configuration || series.points.back().commit != newest) continue;
    std::vector<std::vector<double>> commits;
    for (const SeriesPoint& point : series.points)
      commits.push_back(point.repetitions);
    const std::vector<ChangePoint> shifts = change_points(commits);
    const std::size_t first = shifts.empty() ? 0 : shifts.back().index;
    RegionCost out{region, median(commits.back()), series.points[first].commit, {}};
    for (std::size_t i = first; i < commits.size(); ++i)
      out.trend.push_back(median(commits[i]));
    return out;
  }
  return std::nullopt;
}

} // namespace

std::size_t cost_configuration(const Experiment& experiment) {
  const std::vector<std::size_t> commits = experiment.commits();
  for (std::size_t configuration = experiment.configurations.size(); !commits.empty() && configuration-- > 0;) {
    if (experiment.repetitions(commits.back(), configuration)) return configuration;
  }
  return 0;
}

std::vector<RegionCost> costliest_regions(const Experiment& experiment, std::size_t count) {
  const std::vector<std::size_t> commits = experiment.commits();
  if (commits.empty()) return {};
  const std::size_t configuration = cost_configuration(experiment);
  std::vector<RegionCost> out;
  for (const std::string& region : experiment.regions) {
    if (region == "Global") continue;
    if (auto cost = region_cost(experiment, region, configuration, commits.back())) out.push_back(std::move(*cost));
  }
  std::sort(out.begin(), out.end(), [](const RegionCost& a, const RegionCost& b) {
    return a.elapsed_ns != b.elapsed_ns ? a.elapsed_ns > b.elapsed_ns : a.region < b.region;
  });
  if (out.size() > count) out.resize(count);
  return out;
}

} // namespace tally::analysis
