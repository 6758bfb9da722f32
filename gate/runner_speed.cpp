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
#include <utility>

namespace tally::gate {
namespace {

/// A region's median known to better than this (relative) is weighed as if known to this: a region
/// whose repetitions agree to the last digit would otherwise decide every commit's speed alone.
constexpr double finest_relative_deviation = 1e-3;

/// One region's part in the speeds: its reference (the mean of the logarithms of its commit
/// medians: a median of medians would be one commit's own, and with three commits a third of the
/// regions would give that commit a ratio of exactly 1) and weight.
struct RegionPart {
  const RegionTimes* times = nullptr;
  double log_reference = 0;
  double weight = 0;
};

/// One commit's speed (the weighted median of its regions' log ratios) and that estimate's
/// variance, π/2 over the weights' sum (a median of normal values); nullopt with too few regions.
struct Speed {
  double log_factor = 0;
  double variance = 0;
};

/// `values_of(times)` gives the region's repetitions at the commit whose speed is wanted.
std::optional<Speed> speed_of(std::span<const RegionPart> parts, const auto& values_of) {
  std::vector<std::pair<double, double>> ratios;
  double weights = 0;
  for (const RegionPart& part : parts) {
    const std::span<const double> repetitions = values_of(*part.times);
    if (repetitions.empty() || part.weight <= 0) continue;
    const double median = analysis::median(repetitions);
    if (median <= 0) continue;
    ratios.emplace_back(std::log(median) - part.log_reference, part.weight);
    weights += part.weight;
  }
  if (ratios.size() < runner_speed_min_regions) return std::nullopt;
  return Speed{weighted_median(ratios), std::numbers::pi / 2 / weights};
}

RegionPart part_of(const RegionTimes& times) {
  RegionPart out{&times};
  std::vector<std::vector<double>> present;
  double logs = 0;
  for (const std::vector<double>& values : times.commits) {
    if (values.empty()) continue;
    const double median = analysis::median(values);
    if (median <= 0) return out;
    logs += std::log(median);
    present.push_back(values);
  }
  if (present.empty()) return out;
  out.log_reference = logs / static_cast<double>(present.size());
  if (!times.candidate.empty()) present.emplace_back(times.candidate.begin(), times.candidate.end());
  const analysis::CommitNoise noise = analysis::commit_noise(present);
  const double relative =
      std::max(std::max(noise.within, noise.tails) / std::exp(out.log_reference), finest_relative_deviation);
  out.weight = 1.0 / (relative * relative);
  return out;
}

} // namespace

std::optional<RunnerSpeed> runner_speed(std::span<const RegionTimes> regions) {
  if (regions.size() < runner_speed_min_regions) return std::nullopt;
  std::vector<RegionPart> parts;
  parts.reserve(regions.size());
  for (const RegionTimes& times : regions)
    parts.push_back(part_of(times));
  const std::size_t commits = regions.front().commits.size();
  std::vector<std::optional<Speed>> speeds;
  double mean = 0, noise = 0;
  std::size_t known = 0;
  for (std::size_t commit = 0; commit < commits; ++commit) {
    speeds.push_back(
        speed_of(parts, [commit](const RegionTimes& times) { return std::span<const double>(times.commits[commit]); }));
    if (!speeds.back()) continue;
    mean += speeds.back()->log_factor;
    noise += speeds.back()->variance;
    ++known;
  }
  const std::optional<Speed> candidate = speed_of(parts, [](const RegionTimes& times) { return times.candidate; });
  if (known < runner_speed_min_commits || !candidate) return std::nullopt;
  const auto m = static_cast<double>(known);
  mean /= m;
  noise /= m;
  double squares = 0;
  for (const std::optional<Speed>& speed : speeds) {
    if (speed) squares += (speed->log_factor - mean) * (speed->log_factor - mean);
  }
  const double spread = squares / (m - 1);
  const double runner = std::max(0.0, spread - noise);
  const double shrink = runner + noise > 0 ? runner / (runner + noise) : 0.0;
  RunnerSpeed out;
  for (const std::optional<Speed>& speed : speeds)
    out.commit_corrections.push_back(speed ? shrink * (speed->log_factor - mean) : 0.0);
  out.candidate_move = candidate->log_factor - mean;
  out.candidate_correction = shrink * out.candidate_move;
  out.move_deviation = std::sqrt(spread * (1.0 + 1.0 / m));
  out.degrees_of_freedom = m - 1;
  out.drift = std::sqrt(runner);
  return out;
}

} // namespace tally::gate
