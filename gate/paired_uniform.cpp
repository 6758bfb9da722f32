// SPDX-License-Identifier: BSD-3-Clause
// Weights pooled over a region's configurations, not taken from the pairs at hand: a region's
// variance over the same few pairs would weigh most the region whose differences agree by chance,
// and the move would follow that region's mean, whose error its agreement hides (on the A/B
// benchmark the pairs' medians then varied 1.6 times as much between studies as their spread said).
// Global contains the others, so it casts no vote: a region that grew moves Global too. Fewer
// regions have no median that one grown region cannot move; their mean is the whole code's move
// only when no region moved beyond Global (gate/README.md, "A/B studies").
#include "gate/paired_uniform.hpp"

#include "gate/check_stages.hpp"
#include "gate/decision.hpp"
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

/// A region's weight in the whole code's move: the inverse of its pooled variance.
double weight_of(const RegionLogRatios& region) {
  return 1.0 / std::max(region.pooled_variance, finest_log_deviation * finest_log_deviation);
}

bool is_global(const RegionLogRatios& region) { return region.region == "Global"; }

/// The regions but Global that ran in each of the configuration's `pairs`: Global contains the
/// others, so it casts no vote of its own on the whole code's move.
std::vector<const RegionLogRatios*> voters(std::span<const RegionLogRatios> regions, std::size_t pairs) {
  std::vector<const RegionLogRatios*> out;
  for (const RegionLogRatios& region : regions) {
    if (!is_global(region) && region.pairs->size() == pairs) out.push_back(&region);
  }
  return out;
}

/// `moves` (one per pair) removed from every region's log ratios of the same pairs.
void remove_moves(std::span<const RegionLogRatios> regions, const std::vector<double>& moves) {
  for (const RegionLogRatios& region : regions) {
    for (std::size_t k = 0; k < region.pairs->size(); ++k)
      (*region.log_ratios)[k] -= moves[(*region.pairs)[k]];
  }
}

/// The region's log ratios less Global's of the same pairs; Global runs in every pair.
std::vector<double> beyond_global(const RegionLogRatios& region, const RegionLogRatios& global) {
  std::vector<double> out;
  for (std::size_t k = 0; k < region.pairs->size(); ++k)
    out.push_back((*region.log_ratios)[k] - (*global.log_ratios)[(*region.pairs)[k]]);
  return out;
}

/// The whole code's move at each pair of a configuration whose regions moved as Global did: the
/// weighted mean of the other regions' log ratios, as precise as its quietest regions (Global's own
/// spreads as its noisiest parts do); Global's own with no other region.
std::vector<double> mean_moves(const CellLogRatios& cell, const RegionLogRatios& global) {
  const std::vector<const RegionLogRatios*> regions = voters(cell.regions, cell.pairs);
  if (regions.empty()) return *global.log_ratios;
  std::vector<double> out;
  for (std::size_t i = 0; i < cell.pairs; ++i) {
    double sum = 0, weights = 0;
    for (const RegionLogRatios* region : regions) {
      sum += weight_of(*region) * (*region->log_ratios)[i];
      weights += weight_of(*region);
    }
    out.push_back(sum / weights);
  }
  return out;
}

} // namespace

std::optional<std::vector<double>> remove_uniform_move(std::size_t pairs, std::span<const RegionLogRatios> regions) {
  const std::vector<const RegionLogRatios*> whole = voters(regions, pairs);
  if (pairs < 2 || whole.size() < runner_speed_min_regions) return std::nullopt;
  std::vector<double> medians;
  for (std::size_t i = 0; i < pairs; ++i) {
    std::vector<std::pair<double, double>> weighted;
    for (const RegionLogRatios* region : whole)
      weighted.emplace_back((*region->log_ratios)[i], weight_of(*region));
    medians.push_back(weighted_median(weighted));
  }
  remove_moves(regions, medians);
  return medians;
}

double moved_as_global_p(std::span<const RegionLogRatios> region, std::span<const RegionLogRatios> global) {
  std::vector<PairedDifferences> cells;
  double squares = 0, degrees = 0;
  for (std::size_t c = 0; c < region.size(); ++c) {
    cells.push_back(paired_differences(beyond_global(region[c], global[c])));
    squares += cells.back().variance * cells.back().degrees_of_freedom;
    degrees += cells.back().degrees_of_freedom;
  }
  if (degrees <= 0) return 1;
  const double deviation = std::max(std::sqrt(squares / degrees), finest_log_deviation);
  std::vector<double> scores, one_job;
  for (const PairedDifferences& cell : cells) {
    if (cell.degrees_of_freedom <= 0) continue;
    const double t = cell.mean / (deviation / std::sqrt(cell.degrees_of_freedom + 1));
    scores.push_back(std::copysign(normal_score(student_t_p_value(t, degrees)), t));
    one_job.push_back(student_t_p_value(t, cell.degrees_of_freedom));
  }
  return across_configurations_p(scores, one_job, scores.size() > 1);
}

std::vector<PairedMoves> remove_uniform_moves(std::span<CellLogRatios> cells, double alpha) {
  std::vector<PairedMoves> out;
  // Per experiment, its configurations with fewer regions, each with Global's log ratios.
  std::map<std::string, std::vector<std::pair<CellLogRatios*, const RegionLogRatios*>>> few;
  for (CellLogRatios& cell : cells) {
    if (auto medians = remove_uniform_move(cell.pairs, cell.regions)) {
      out.push_back({cell.experiment, cell.configuration, std::move(*medians), cell.drift});
      continue;
    }
    const auto global = std::find_if(cell.regions.begin(), cell.regions.end(), is_global);
    if (cell.pairs >= 2 && global != cell.regions.end() && global->pairs->size() == cell.pairs)
      few[cell.experiment].emplace_back(&cell, &*global);
  }
  for (const auto& [experiment, configurations] : few) {
    // Each region but Global, at every such configuration, beside Global's log ratios there.
    std::map<std::string, std::pair<std::vector<RegionLogRatios>, std::vector<RegionLogRatios>>> regions;
    for (const auto& [cell, global] : configurations) {
      for (const RegionLogRatios& region : cell->regions) {
        if (is_global(region)) continue;
        regions[region.region].first.push_back(region);
        regions[region.region].second.push_back(*global);
      }
    }
    std::vector<double> p_values;
    for (const auto& [name, sides] : regions)
      p_values.push_back(moved_as_global_p(sides.first, sides.second));
    if (!p_values.empty() && simes(p_values) <= alpha) continue;
    for (const auto& [cell, global] : configurations) {
      const PairedMoves& moves =
          out.emplace_back(PairedMoves{cell->experiment, cell->configuration, mean_moves(*cell, *global), cell->drift,
                                       cell->regions.size() == 1, true});
      remove_moves(cell->regions, moves.moves);
    }
  }
  return out;
}

// What is left of the pairs' medians about their mean is the runner's drift within a pair, one
// runner's at every configuration: pooled, 4 configurations of 5 pairs give 16 degrees of freedom
// rather than 4. A few regions' mean carries their own noise as well, which differs between
// configurations (LAMMPS, Global alone, on a loaded 2-core machine: a pair's log ratio spread 3% at
// 1 rank and 96% at 2 ranks, which pooled hid a 49% slowdown at 1 rank), so it keeps its own.
void judge_uniform_moves(std::span<const PairedMoves> configurations, const GateConfig& config, GateResult& out) {
  std::map<std::string, std::pair<double, double>> pooled; // experiment -> sum of squares, degrees
  for (const PairedMoves& cell : configurations) {
    if (cell.few_regions) continue;
    const PairedDifferences spread = paired_differences(cell.moves);
    pooled[cell.experiment].first += spread.variance * spread.degrees_of_freedom;
    pooled[cell.experiment].second += spread.degrees_of_freedom;
  }
  for (const PairedMoves& cell : configurations) {
    UniformMove move{cell.experiment, cell.configuration, rule_for(config, "Global", model::MetricId::elapsed_ns), {}};
    if (move.rule.direction == Direction::ignored) continue;
    move.drift = cell.drift;
    move.paired = true;
    move.global_alone = cell.global_alone;
    const PairedDifferences own = paired_differences(cell.moves);
    const auto [squares, degrees] = cell.few_regions
                                        ? std::pair{own.variance * own.degrees_of_freedom, own.degrees_of_freedom}
                                        : pooled[cell.experiment];
    const Scale scale{std::sqrt(squares / degrees / static_cast<double>(cell.moves.size())), degrees,
                      Evidence::paired_differences, 0};
    weigh(move, own.mean, scale);
    out.uniform_moves.push_back(std::move(move));
  }
}

} // namespace tally::gate
