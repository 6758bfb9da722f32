// SPDX-License-Identifier: BSD-3-Clause
// A weighted median rather than a mean: the region whose code changed is one value among thirty,
// and it must not move the speed the others agree on. The shrinkage is the empirical Bayes posterior
// mean of a commit's speed (normal prior of the runner's variance, the estimate's own noise known):
// on a steady runner it removes nothing, so the speed's estimate adds no noise of its own.
#include "gate/runner_speed.hpp"

#include "gate/statistics.hpp"

#include "analysis/change_points.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <utility>

namespace tally::gate {
namespace {

/// A region's median known to better than this (relative) is weighed as if known to this: a region
/// whose repetitions agree to the last digit would otherwise decide every commit's speed alone.
constexpr double finest_relative_deviation = 1e-3;
/// The level and the speeds are fitted in turn until no speed moves by more than this (a
/// logarithm), at most fit_rounds times: where every region ran at every commit the first round is
/// the fit, and a region that comes and goes adds a few.
constexpr double fit_precision = 1e-12;
constexpr int fit_rounds = 50;

/// One region's part in the speeds: the logarithms of its commit medians, its level (their mean net
/// of their commits' speeds: a median of medians would be one commit's own, and with three commits
/// a third of the regions would give that commit a ratio of exactly 1) and weight.
struct RegionPart {
  const RegionTimes* times = nullptr;
  ByCommit<double> log_medians;
  double log_level = 0;
  double weight = 0;
};

/// One commit's speed (the weighted median of its regions' log ratios) and that estimate's
/// variance, π/2 over the weights' sum (a median of normal values).
struct Speed {
  double log_factor = 0;
  double variance = 0;
};

/// The speed at one commit from `log_median_of(part)`, the region's log median there (nullopt where
/// it did not run); nullopt with fewer than runner_speed_min_regions regions.
std::optional<Speed> speed_of(std::span<const RegionPart> parts, const auto& log_median_of) {
  std::vector<std::pair<double, double>> ratios;
  double weights = 0;
  for (const RegionPart& part : parts) {
    const std::optional<double> log_median = log_median_of(part);
    if (!log_median || part.weight <= 0) continue;
    ratios.emplace_back(*log_median - part.log_level, part.weight);
    weights += part.weight;
  }
  if (ratios.size() < runner_speed_min_regions) return std::nullopt;
  return Speed{weighted_median(ratios), std::numbers::pi / 2 / weights};
}

/// The region's log medians and weight; its weight is 0 (it tells no speed) where it ran at fewer
/// than two history commits or a median is not positive.
RegionPart part_of(const RegionTimes& times) {
  RegionPart out;
  out.times = &times;
  std::vector<std::vector<double>> present;
  for (const auto& [position, values] : times.commits) {
    if (values.empty()) continue;
    const double median = analysis::median(values);
    if (median <= 0) return out;
    out.log_medians[position] = std::log(median);
    present.push_back(values);
  }
  if (present.size() < 2) return out;
  if (!times.candidate.empty()) present.emplace_back(times.candidate.begin(), times.candidate.end());
  const analysis::CommitNoise noise = analysis::commit_noise(present);
  double mean = 0;
  for (const auto& [position, log_median] : out.log_medians)
    mean += log_median / static_cast<double>(out.log_medians.size());
  const double relative = std::max(std::max(noise.within, noise.tails) / std::exp(mean), finest_relative_deviation);
  out.weight = 1.0 / (relative * relative);
  return out;
}

/// The history commits' speeds as their regions' weighted medians give them, and their mean: a
/// commit's speed against the history is its own less that mean, the candidate's too.
struct Speeds {
  ByCommit<Speed> at;
  double mean = 0;
  double against_history(std::size_t position) const {
    const auto found = at.find(position);
    return found == at.end() ? 0.0 : found->second.log_factor - mean;
  }
};

/// Each region's level: the mean of its log medians less their commits' speeds against the history.
void fit_levels(std::vector<RegionPart>& parts, const Speeds& speeds) {
  for (RegionPart& part : parts) {
    double sum = 0;
    for (const auto& [position, log_median] : part.log_medians)
      sum += log_median - speeds.against_history(position);
    if (!part.log_medians.empty()) part.log_level = sum / static_cast<double>(part.log_medians.size());
  }
}

/// Each history commit's speed from the regions' levels.
Speeds fit_speeds(std::span<const RegionPart> parts, const std::set<std::size_t, OldestFirst>& positions) {
  Speeds out;
  for (const std::size_t position : positions) {
    const auto speed = speed_of(parts, [position](const RegionPart& part) -> std::optional<double> {
      const auto found = part.log_medians.find(position);
      return found == part.log_medians.end() ? std::nullopt : std::optional(found->second);
    });
    if (!speed) continue;
    out.at[position] = *speed;
    out.mean += speed->log_factor;
  }
  if (!out.at.empty()) out.mean /= static_cast<double>(out.at.size());
  return out;
}

/// The levels and speeds fitted in turn until the speeds stand still.
Speeds fit_speeds_and_levels(std::vector<RegionPart>& parts) {
  std::set<std::size_t, OldestFirst> positions;
  for (const RegionPart& part : parts) {
    for (const auto& [position, log_median] : part.log_medians)
      positions.insert(position);
  }
  Speeds speeds;
  for (int round = 0; round < fit_rounds; ++round) {
    fit_levels(parts, speeds);
    Speeds next = fit_speeds(parts, positions);
    double moved = 0;
    for (const auto& [position, speed] : next.at)
      moved = std::max(moved, std::abs(next.against_history(position) - speeds.against_history(position)));
    const bool settled = next.at.size() == speeds.at.size() && moved <= fit_precision;
    speeds = std::move(next);
    if (settled) break;
  }
  return speeds;
}

} // namespace

std::optional<RunnerSpeed> runner_speed(std::span<const RegionTimes> regions) {
  if (regions.size() < runner_speed_min_regions) return std::nullopt;
  std::vector<RegionPart> parts;
  parts.reserve(regions.size());
  for (const RegionTimes& times : regions)
    parts.push_back(part_of(times));
  const Speeds speeds = fit_speeds_and_levels(parts);
  const std::optional<Speed> candidate = speed_of(parts, [](const RegionPart& part) -> std::optional<double> {
    if (part.times->candidate.empty()) return std::nullopt;
    const double median = analysis::median(part.times->candidate);
    return median > 0 ? std::optional(std::log(median)) : std::nullopt;
  });
  if (speeds.at.size() < runner_speed_min_commits || !candidate) return std::nullopt;
  const auto m = static_cast<double>(speeds.at.size());
  double noise = 0, squares = 0;
  for (const auto& [position, speed] : speeds.at) {
    noise += speed.variance;
    squares += speeds.against_history(position) * speeds.against_history(position);
  }
  noise /= m;
  const double spread = squares / (m - 1);
  const double runner = std::max(0.0, spread - noise);
  const double shrink = runner + noise > 0 ? runner / (runner + noise) : 0.0;
  RunnerSpeed out;
  for (const auto& [position, speed] : speeds.at)
    out.commit_corrections[position] = shrink * speeds.against_history(position);
  out.candidate_move = candidate->log_factor - speeds.mean;
  out.candidate_correction = shrink * out.candidate_move;
  out.move_deviation = std::sqrt(spread * (1.0 + 1.0 / m));
  out.degrees_of_freedom = m - 1;
  out.drift = std::sqrt(runner);
  return out;
}

} // namespace tally::gate
