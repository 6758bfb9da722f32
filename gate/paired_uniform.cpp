// SPDX-License-Identifier: BSD-3-Clause
// Weights pooled over a region's configurations, not taken from the pairs at hand: a region's
// variance over the same few pairs would weigh most the region whose differences agree by chance,
// and the move would follow that region's mean, whose error its agreement hides (on the A/B
// benchmark the pairs' medians then varied 1.6 times as much between studies as their spread said).
#include "gate/paired_uniform.hpp"

#include "gate/noise.hpp"
#include "gate/paired.hpp"
#include "gate/runner_speed.hpp"
#include "gate/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace tally::gate {
namespace {

/// A region's log ratios whose spread is below this are taken as this noisy, as runner_speed.cpp's
/// finest_relative_deviation: a region that agrees with itself to the last digit would otherwise
/// decide the median alone.
constexpr double finest_log_deviation = 1e-3;

} // namespace

std::optional<std::vector<double>> remove_uniform_move(std::size_t pairs, std::span<const RegionLogRatios> regions) {
  std::vector<const RegionLogRatios*> whole;
  for (const RegionLogRatios& region : regions) {
    if (region.pairs->size() == pairs) whole.push_back(&region);
  }
  if (pairs < 2 || whole.size() < runner_speed_min_regions) return std::nullopt;
  std::vector<double> medians;
  for (std::size_t i = 0; i < pairs; ++i) {
    std::vector<std::pair<double, double>> weighted;
    for (const RegionLogRatios* region : whole) {
      const double variance = std::max(region->pooled_variance, finest_log_deviation * finest_log_deviation);
      weighted.emplace_back((*region->log_ratios)[i], 1.0 / variance);
    }
    medians.push_back(weighted_median(weighted));
  }
  for (const RegionLogRatios& region : regions) {
    for (std::size_t k = 0; k < region.pairs->size(); ++k)
      (*region.log_ratios)[k] -= medians[(*region.pairs)[k]];
  }
  return medians;
}

// What is left of the pairs' medians about their mean is the runner's drift within a pair, one
// runner's at every configuration: pooled, 4 configurations of 5 pairs give 16 degrees of freedom
// rather than 4.
void judge_uniform_moves(std::span<const PairedMoves> configurations, const GateConfig& config, GateResult& out) {
  std::map<std::string, std::pair<double, double>> pooled; // experiment -> sum of squares, degrees
  for (const PairedMoves& moves : configurations) {
    const PairedDifferences spread = paired_differences(moves.medians);
    pooled[moves.experiment].first += spread.variance * spread.degrees_of_freedom;
    pooled[moves.experiment].second += spread.degrees_of_freedom;
  }
  for (const PairedMoves& moves : configurations) {
    UniformMove move{
        moves.experiment, moves.configuration, rule_for(config, "Global", model::MetricId::elapsed_ns), {}};
    if (move.rule.direction == Direction::ignored) continue;
    move.drift = moves.drift;
    move.paired = true;
    const auto [squares, degrees] = pooled[moves.experiment];
    const Scale scale{std::sqrt(squares / degrees / static_cast<double>(moves.medians.size())), degrees,
                      Evidence::paired_differences, 0};
    move.rule.tolerance = tolerance_with_noise(move.rule, scale, 1.0);
    move.result = weigh_change(move.rule, {1.0}, {std::exp(paired_differences(moves.medians).mean)}, scale, 1.0);
    out.uniform_moves.push_back(std::move(move));
  }
}

} // namespace tally::gate
