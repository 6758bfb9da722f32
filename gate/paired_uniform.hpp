// SPDX-License-Identifier: BSD-3-Clause
// The whole code's move in an A/B study: at each pair, the weighted median of the regions' elapsed
// log ratios, removed from each region's and judged as a uniform move of its own (paired.hpp).
#pragma once

#include "gate/compare.hpp"

#include <optional>
#include <span>
#include <vector>

namespace tally::gate {

/// One region's elapsed log ratios at one configuration of an A/B study, candidate over baseline.
struct RegionLogRatios {
  const std::vector<std::size_t>* pairs = nullptr; ///< the configuration's pairs it ran in (indices)
  std::vector<double>* log_ratios = nullptr;       ///< one per pair in `pairs`; the move is removed from them
  /// Of one pair's log ratio, pooled over the region's configurations: its weight in the median.
  double pooled_variance = 0;
};

/// At each of `pairs` pairs, the weighted median over `regions` of their log ratios (weights: the
/// inverse of each region's pooled variance), so that one region whose code changed moves it little;
/// removed from every region's log ratio of that pair, which leaves each region's move beyond the
/// whole code's. Returns the pairs' medians; none with fewer than two pairs or fewer than
/// runner_speed_min_regions regions that ran in every pair.
std::optional<std::vector<double>> remove_uniform_move(std::size_t pairs, std::span<const RegionLogRatios> regions);

/// The pairs' medians of one configuration, and how far the runner drifted between its pairs.
struct PairedMoves {
  std::string experiment;
  analysis::Configuration configuration;
  std::vector<double> medians; ///< remove_uniform_move's
  double drift = 0;            ///< as a fraction, 0 when unknown
};

/// Each configuration's uniform move (`paired`), with Global's elapsed-time rule, judged against
/// the spread of the pairs' medians about their configuration's mean pooled over the experiment's
/// configurations; appended to out.uniform_moves.
void judge_uniform_moves(std::span<const PairedMoves> configurations, const GateConfig& config, GateResult& out);

} // namespace tally::gate
