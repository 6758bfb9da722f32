// SPDX-License-Identifier: BSD-3-Clause
// The spread of one region's moves across its configurations, where nothing else tells a job's
// state. With the baseline and the candidate alone there is no history of jobs to learn how far a
// runner's state moves a metric between jobs (the medians' part of noise.hpp), and with few regions
// no configuration's other regions to show it (cell_spread.hpp): each check's scale knows its
// repetitions alone, which share their job's state. Each configuration is a job of its own on each
// side, so the other configurations' moves of the same region and metric show how far a job's
// state moves it; where they spread beyond what their scales explain and that spread explains a
// kept move, the move is one that a job's state may have made, and an A/B study tells (decision.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace tally::gate {

/// Fewer configurations of a region's metric than this leave too few others to learn from.
inline constexpr std::size_t configuration_spread_min_configurations = 3;
/// The others' moves are taken for their jobs' states only where they spread beyond what their
/// scales explain at this level (the F test's upper 1% point, as the configuration's spread of
/// cell_spread.hpp takes chance's upper 1% point): a steady runner's moves spread by chance.
inline constexpr double configuration_spread_chance = 0.01;

/// One configuration's move, in the check's unit (percentage points, or percent of the baseline):
/// the change of the medians, and the scale's deviation and degrees of freedom.
struct ConfigurationMove {
  double change = 0;
  double deviation = 0;
  double degrees = 1;
};

/// What one job's state adds to a move's variance (in the check's unit squared), and the degrees of
/// freedom of the move's scale with it added (Satterthwaite's: its own part and the job's).
struct JobSpread {
  double variance = 0;
  double degrees = 1;
};

/// For each move, the variance one job's state adds to it, learned from the others (leave one out):
/// their mean square beyond their scales' mean variance, with one degree of freedom per other move.
/// Moves of independent jobs are taken about the others' mean (one degree fewer), so that a change
/// of the code at every scale (their common shift) is not taken for jobs' states; with
/// `common_reference` (a metric across runs: every configuration is compared with the same
/// reference job) that job's state is a common shift of its own and part of each move's noise, so
/// the moves are taken about zero. nullopt for a move whose others spread within chance
/// (configuration_spread_chance) or have no scale, and for every move with fewer than
/// configuration_spread_min_configurations.
std::vector<std::optional<JobSpread>> job_spread(std::span<const ConfigurationMove> moves, bool common_reference);

} // namespace tally::gate
