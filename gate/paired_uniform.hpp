// SPDX-License-Identifier: BSD-3-Clause
// The whole code's move in an A/B study: at each pair, the weighted median of the regions' elapsed
// log ratios (at least 5 regions besides Global), or their weighted mean where every region moved as
// Global did (fewer), removed from each region's and judged as a uniform move of its own (paired.hpp).
#pragma once

#include "gate/compare.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tally::gate {

/// One region's elapsed log ratios at one configuration of an A/B study, candidate over baseline.
struct RegionLogRatios {
  std::string region;
  const std::vector<std::size_t>* pairs = nullptr; ///< the configuration's pairs it ran in (indices)
  std::vector<double>* log_ratios = nullptr;       ///< one per pair in `pairs`; the move is removed from them
  /// Of one pair's log ratio, pooled over the region's configurations: its weight in the median.
  double pooled_variance = 0;
};

/// At each of `pairs` pairs, the weighted median over `regions` but Global (which contains them) of
/// their log ratios (weights: the inverse of each region's pooled variance), so that one region
/// whose code changed moves it little; removed from every region's log ratio of that pair, Global's
/// included, which leaves each region's move beyond the whole code's. Returns the pairs' medians;
/// none with fewer than two pairs or fewer than runner_speed_min_regions regions besides Global that
/// ran in every pair.
std::optional<std::vector<double>> remove_uniform_move(std::size_t pairs, std::span<const RegionLogRatios> regions);

/// The whole code's moves at one configuration's pairs, and how far the runner drifted between them.
struct PairedMoves {
  std::string experiment;
  analysis::Configuration configuration;
  std::vector<double> moves; ///< the whole code's move at each pair (remove_uniform_moves)
  double drift = 0;          ///< as a fraction, 0 when unknown
  bool global_alone = false; ///< Global is the configuration's only region
  /// The mean of fewer regions than a median takes (remove_uniform_moves): judged against its own
  /// pairs' spread, not the experiment's pooled.
  bool few_regions = false;
};

/// One configuration of an A/B study: its regions' elapsed log ratios and the runner's drift.
struct CellLogRatios {
  std::string experiment;
  analysis::Configuration configuration;
  std::size_t pairs = 0;
  std::vector<RegionLogRatios> regions;
  double drift = 0; ///< as a fraction, 0 when unknown
};

/// Of one region against Global, across an experiment's configurations: the p-value of "it moved as
/// Global did" from each pair's difference of their log ratios (the region's minus Global's), each
/// configuration's mean against their variance pooled over the configurations, combined as the
/// family combines a hypothesis's configurations (across_configurations_p); 1 without two pairs.
double moved_as_global_p(std::span<const RegionLogRatios> region, std::span<const RegionLogRatios> global);

/// Each configuration's uniform move, removed from its regions' log ratios. With at least
/// runner_speed_min_regions regions besides Global in every pair, remove_uniform_move's medians.
/// With fewer (and Global in every pair), the whole code's move is taken only when every region
/// moved as Global did at every such configuration of the experiment (Simes' combination of their
/// moved_as_global_p above `alpha`): at each pair, the weighted mean of the regions' log ratios but
/// Global's (as the median's weights), Global's own when it is the only region. Otherwise none, as
/// without Global or two pairs: each region is judged on its own pairs.
std::vector<PairedMoves> remove_uniform_moves(std::span<CellLogRatios> cells, double alpha);

/// Each configuration's uniform move (`paired`), with Global's elapsed-time rule, judged against
/// the spread of the pairs' moves about their configuration's mean, pooled over the experiment's
/// configurations for medians, its own for few regions' moves; appended to out.uniform_moves.
void judge_uniform_moves(std::span<const PairedMoves> configurations, const GateConfig& config, GateResult& out);

} // namespace tally::gate
