// SPDX-License-Identifier: BSD-3-Clause
#include "analysis/region_evolution.hpp"

#include "analysis/parallel_for.hpp"

#include <utility>

namespace tally::analysis {

RegionEvolution region_evolution(const Experiment& experiment, const std::string& region,
                                 std::span<const model::MetricId> metrics) {
  RegionEvolution out;
  out.series = metric_series(experiment, region, metrics);
  out.shifts = series_change_points(metrics, out.series);
  return out;
}

std::vector<std::vector<RegionEvolution>> region_evolutions(const std::vector<Experiment>& experiments,
                                                            std::span<const model::MetricId> metrics,
                                                            unsigned threads) {
  std::vector<std::vector<RegionEvolution>> out(experiments.size());
  // Regions of all experiments in one list, so that the threads share the work of a single one.
  std::vector<std::pair<std::size_t, std::size_t>> regions;
  for (std::size_t e = 0; e < experiments.size(); ++e) {
    out[e].resize(experiments[e].regions.size());
    for (std::size_t r = 0; r < experiments[e].regions.size(); ++r)
      regions.emplace_back(e, r);
  }
  parallel_for(regions.size(), threads, [&](std::size_t i) {
    const auto [e, r] = regions[i];
    out[e][r] = region_evolution(experiments[e], experiments[e].regions[r], metrics);
  });
  return out;
}

} // namespace tally::analysis
