// SPDX-License-Identifier: BSD-3-Clause
// What a run's timeline says about it: its behaviour (stable, cold start, stall, varying), read
// from its own activity over time, and the nodes that did little of the work. Pure functions,
// so that readers recompute what the profiler recorded.
#pragma once

#include "tally/model/run_timeline.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tally::model {

/// The rule's thresholds (docs/measuring.md, "The run's timeline"). The last bucket, partly filled, is left
/// out; a timeline with fewer whole buckets than this has no behaviour.
inline constexpr std::size_t behaviour_min_buckets = 10;
/// The warm-up: the first 1/20 of the whole buckets (at least one), where stable codes start slowly.
inline constexpr std::size_t warm_up_divisor = 20;
/// A bucket is low when its activity is under this share of the run's typical (median) activity.
inline constexpr double low_activity_share = 0.5;
/// A low phase is at least this many consecutive low buckets (beyond the warm-up for a cold start).
inline constexpr std::size_t low_phase_min_buckets = 3;
/// Stable: activity within 10 % of its mean in at least 95 % of the buckets, and 5 % on average.
inline constexpr double stable_band = 0.10;
inline constexpr double stable_share_in_band = 0.95;
inline constexpr double stable_mean_deviation = 0.05;

/// The activity of each bucket: the useful share of the time measured in it (0 when none was).
std::vector<double> bucket_activity(const Timeline& timeline);

/// The behaviour of the run whose timeline this is; nullopt when the timeline is too short.
std::optional<Behaviour> timeline_behaviour(const Timeline& timeline);

/// The nodes whose busy time is under half the busiest node's, in the order of `hosts`.
/// `busy_ns[i]` is node i's useful plus offload time (Global's, summed over its ranks): a node
/// that drives its GPUs from inside their runtime is busy, not idle.
std::vector<std::string> idle_nodes(std::span<const std::string> hosts, std::span<const std::uint64_t> busy_ns);

} // namespace tally::model
