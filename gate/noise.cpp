// SPDX-License-Identifier: BSD-3-Clause
// The candidate's median (standard deviation σ) against the level of k commits at one level (the
// median of their pooled repetitions, about σ/√k) differs by σ·√(1 + 1/k) when nothing changed,
// hence a tolerance of noise_deviations·σ·√(1 + 1/k). The levels come from analysis/change_points,
// the rule the site's change points use; σ from the repetitions' spread and the medians' spread at
// their levels, which alone shows a runner that drifts between commits.
#include "gate/noise.hpp"

#include "gate/statistics.hpp"

#include "analysis/change_points.hpp"
#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace tally::gate {
namespace {

std::string number(double value, const char* unit) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2g%s", value, unit);
  return text;
}

/// Whether the baseline (the last commit) lies on the level of the `level - 1` commits before it:
/// within as many standard deviations of the difference as a change point needs. Fewer would take a
/// runner's drift for a shift now and then, and the candidate, compared with that baseline alone,
/// would seem to move by the baseline's own deviation.
bool baseline_on_level(std::span<const std::vector<double>> commits, std::size_t level, double deviation) {
  std::vector<double> earlier;
  for (const std::vector<double>& values : commits.subspan(commits.size() - level, level - 1))
    earlier.insert(earlier.end(), values.begin(), values.end());
  const double difference = std::abs(analysis::median(commits.back()) - analysis::median(earlier));
  return difference <=
         analysis::change_point_deviations * deviation * std::sqrt(1.0 + 1.0 / static_cast<double>(level - 1));
}

/// The fewest degrees of freedom the medians' spread counts with. The spread of two medians (one
/// degree) follows Cauchy's distribution: it can neither show a drift nor bound one, and judged by
/// it no change of two commits would ever count. From three commits of one level on it does.
constexpr double median_spread_min_degrees = 2;

/// A standard deviation and how many degrees of freedom its estimate has.
struct Spread {
  double deviation = 0;
  double degrees_of_freedom = 0;
};

/// The spread of the commit medians about their levels: each commit's median less the mean of the
/// medians of its level (levels begin at `level_starts`, ascending, the first 0), their sample
/// standard deviation, with one degree of freedom per commit beyond the first of each level (none
/// below median_spread_min_degrees). It holds the runner's drift between commits, which no
/// commit's repetitions show.
Spread median_spread(std::span<const std::vector<double>> commits, std::span<const std::size_t> level_starts) {
  double squares = 0;
  std::size_t residuals = 0;
  for (std::size_t l = 0; l < level_starts.size(); ++l) {
    const std::size_t end = l + 1 < level_starts.size() ? level_starts[l + 1] : commits.size();
    std::vector<double> medians;
    for (std::size_t c = level_starts[l]; c < end; ++c)
      medians.push_back(analysis::median(commits[c]));
    double mean = 0;
    for (const double value : medians)
      mean += value / static_cast<double>(medians.size());
    for (const double value : medians)
      squares += (value - mean) * (value - mean);
    residuals += medians.size() - 1;
  }
  const auto degrees = static_cast<double>(residuals);
  if (degrees < median_spread_min_degrees) return {};
  return {std::sqrt(squares / degrees), degrees};
}

/// The repetitions' part of a commit median's noise: the repetitions' pooled variance about their
/// commits' means (one degree of freedom per repetition beyond the first of each commit) times the
/// variance of a median of the commits' typical count of normal values (median_variance_factor).
/// An unbiased variance with its full degrees: the median of pairwise differences the site's change
/// points use is robust but, with three repetitions, its square is 1.3² the true variance on
/// average, which the pooling (moderation.hpp) would take for noise. Not the larger of it and the
/// residuals' spread (analysis::CommitNoise::tails), which the site's robust estimate needs to see
/// a few slow runs: a variance sees them itself, and with three repetitions of two commits the
/// residuals' spread of normal values is 1.14 times it, so the larger of the two widened every
/// short history's scale by a tenth (the baseline and the candidate alone: 1 comparison in 100 red
/// on noise, not the family's 5, and a 3σ move at four configurations missed in 1 of 5).
Spread repetition_spread(std::span<const std::vector<double>> commits) {
  double squares = 0, degrees = 0;
  std::vector<double> counts;
  for (const std::vector<double>& values : commits) {
    if (values.empty()) continue;
    counts.push_back(static_cast<double>(values.size()));
    double mean = 0;
    for (const double value : values)
      mean += value / static_cast<double>(values.size());
    for (const double value : values)
      squares += (value - mean) * (value - mean);
    degrees += static_cast<double>(values.size() - 1);
  }
  if (degrees <= 0) return {};
  const auto typical = static_cast<std::size_t>(std::lround(analysis::median(counts)));
  const double deviation = std::sqrt(squares / degrees * median_variance_factor(std::max<std::size_t>(1, typical)));
  return {deviation, degrees};
}

/// Where the levels of `history` (oldest first, the baseline last) begin: the site's change points
/// (analysis::change_points on the repetitions' noise), and the baseline itself when it lies off
/// the level before it; `repetitions` is the noise of the history's repetitions.
std::vector<std::size_t> level_starts(std::span<const std::vector<double>> history,
                                      const analysis::CommitNoise& repetitions) {
  std::vector<std::size_t> starts{0};
  for (const analysis::ChangePoint& shift : analysis::change_points(history, repetitions.deviation()))
    starts.push_back(shift.index);
  const std::size_t level_commits = history.size() - starts.back();
  // A shift at the baseline itself is no change point yet (it needs commits after it): the
  // candidate is then compared with the baseline alone, as a commit with its parent. Whether it
  // lies on its level is judged by the noise of the commits before it, which its own move would widen.
  if (level_commits > 1) {
    const double before = std::max({repetition_spread(history).deviation, repetitions.tails,
                                    median_spread(history.first(history.size() - 1), starts).deviation});
    if (!baseline_on_level(history, level_commits, before)) starts.push_back(history.size() - 1);
  }
  return starts;
}

/// The degrees of freedom of the scale's variance: the repetitions' part plus the drift beyond it
/// (the medians' part's variance less the repetitions', none where smaller), two variances each
/// estimated with its own degrees, combined by Satterthwaite's rule. A steady runner keeps the
/// repetitions' many degrees, a drifting one tends to the medians' few as far as it drifts.
double scale_degrees(const LearnedNoise& noise) {
  if (noise.medians_degrees <= 0) return noise.within_degrees;
  const double repetitions = noise.within * noise.within;
  const double drift = std::max(0.0, noise.medians * noise.medians - repetitions);
  if (drift == 0) return noise.within_degrees;
  if (noise.within_degrees <= 0) return noise.medians_degrees;
  const double total = repetitions + drift;
  return total * total / (repetitions * repetitions / noise.within_degrees + drift * drift / noise.medians_degrees);
}

} // namespace

std::optional<LearnedNoise> learn_noise(std::span<const std::vector<double>> commits,
                                        std::span<const double> candidate) {
  std::vector<std::vector<double>> with_candidate(commits.begin(), commits.end());
  with_candidate.emplace_back(candidate.begin(), candidate.end());
  if (commits.empty()) return std::nullopt;
  const Spread within = repetition_spread(with_candidate);
  // With one run per commit the medians' spread alone is the noise, from three commits on, and the
  // history is one level: without repetitions to tell a commit's noise, a metric whose runs fall in
  // two modes (which rank a collective waits for) would be cut into levels of one mode each.
  std::vector<std::size_t> starts{0};
  if (commits.size() >= noise_min_commits && within.degrees_of_freedom > 0)
    starts = level_starts(commits, analysis::commit_noise(commits));
  const Spread medians = median_spread(commits, starts);
  if (within.degrees_of_freedom == 0 && medians.degrees_of_freedom == 0) return std::nullopt;
  return LearnedNoise{commits.size(),
                      commits.size() - starts.back(),
                      within.deviation,
                      within.degrees_of_freedom,
                      within.degrees_of_freedom,
                      medians.deviation,
                      medians.degrees_of_freedom};
}

double drift_of(const LearnedNoise& noise) {
  if (noise.medians_degrees <= 0 || noise.medians <= noise.within) return 0;
  return noise.within > 0 ? noise.medians / noise.within : std::numeric_limits<double>::infinity();
}

Scale noise_scale(const LearnedNoise& noise) {
  const bool medians = noise.medians_degrees > 0;
  const double deviation = medians ? std::max(noise.within, noise.medians) : noise.within;
  const double level_error = 1.0 / static_cast<double>(noise.level_commits);
  // One job's move is judged by the history's jobs from as many as the medians' spread needs on;
  // with fewer (the baseline and the candidate alone), by the repetitions' own degrees of freedom:
  // what the family pooled is no knowledge of how one job's state moves its regions.
  const double jobs = static_cast<double>(noise.commits) - 1.0;
  const double job_degrees = jobs >= median_spread_min_degrees ? jobs : noise.within_own_degrees;
  if (noise.within_degrees <= 0) {
    // Single runs: each value is one job's, and one run's tails are the history's to show.
    return {deviation * std::sqrt(1.0 + level_error), std::max(1.0, std::min(scale_degrees(noise), jobs)),
            Evidence::single_runs, job_degrees};
  }
  return {deviation * std::sqrt(1.0 + level_error), std::max(1.0, scale_degrees(noise)),
          noise.commits >= noise_min_commits ? Evidence::learned_noise : Evidence::repetition_spread, job_degrees};
}

double tolerance_with_noise(const CheckRule& configured, const std::optional<Scale>& scale, double baseline_median) {
  // Single runs do not tighten it: a metric whose runs fall in two modes (which rank a collective
  // waits for) can show one mode along a whole history and the other in the candidate.
  if (!scale || without_repetitions(scale->evidence)) return configured.tolerance;
  double deviation = 100.0 * scale->deviation; // percentage points of an efficiency
  if (!configured.tolerance_in_pp) {
    if (baseline_median == 0) return configured.tolerance;
    deviation /= std::abs(baseline_median);
  }
  return std::clamp(noise_deviations * deviation, noise_tightest_fraction * configured.tolerance, configured.tolerance);
}

std::string tolerance_text(const CheckRule& applied, const std::optional<LearnedNoise>& noise,
                           double configured_tolerance) {
  const char* unit = applied.tolerance_in_pp ? " pp" : "%";
  std::string out = "tolerance " + number(applied.tolerance, unit);
  std::string floor;
  if (applied.tolerance == noise_tightest_fraction * configured_tolerance)
    floor = " (at its floor, a fifth of the configured " + number(configured_tolerance, unit) + ")";
  else if (applied.tolerance == configured_tolerance)
    floor = " (the configured one: the noise allows none tighter)";
  if (!noise) return out + " configured (no commit with two repetitions)";
  out += " learned from " + std::to_string(noise->commits) + (noise->commits == 1 ? " commit" : " commits");
  if (noise->commits < noise_min_commits)
    out += " and the candidate's repetitions (a short history: one level, no change point before " +
           std::to_string(noise_min_commits) + " commits)";
  if (noise->level_commits > 1) out += ", against the level of the newest " + std::to_string(noise->level_commits);
  out += floor;
  if (const double drift = drift_of(*noise); drift >= reported_drift) {
    const std::string spread =
        std::isinf(drift) ? "the commit medians move while each commit's repetitions agree"
                          : "the commit medians spread " + number(drift, "×") + " as much as their repetitions predict";
    out += "; " + spread + ": the runner's state moves between jobs, or small changes add up along the history";
  }
  return out;
}

} // namespace tally::gate
