// SPDX-License-Identifier: BSD-3-Clause
#include "gate/history_noise.hpp"

#include "gate/job_tails.hpp"
#include "gate/noise.hpp"

#include "analysis/region_metrics.hpp"

#include <array>
#include <cmath>

namespace tally::gate {
namespace {

/// The unit a check's noise is pooled in: 1 for an efficiency (percentage points), the baseline's
/// median for the rest (percent).
double pooling_unit(const Check& check) {
  if (check.rule.tolerance_in_pp) return 1.0;
  return std::abs(analysis::median(check.baseline_values));
}

/// The commits of the check's history that have its metric, oldest first, the baseline's last.
std::vector<std::vector<double>> present_commits(const HistoryCheck& check) {
  std::vector<std::vector<double>> out;
  for (const auto& [position, values] : check.commits) {
    if (!values.empty()) out.push_back(values);
  }
  return out;
}

/// The noise's two parts, each a standard deviation and its degrees of freedom.
constexpr std::array<std::pair<double LearnedNoise::*, double LearnedNoise::*>, 2> noise_parts{
    std::pair{&LearnedNoise::within, &LearnedNoise::within_degrees},
    std::pair{&LearnedNoise::medians, &LearnedNoise::medians_degrees}};

void learn_check_noise(HistoryCheck& pending) {
  Check& check = pending.check;
  const std::vector<std::vector<double>> commits = present_commits(pending);
  check.configured_tolerance = check.rule.tolerance;
  check.history_commits = commits.size();
  check.noise = learn_noise(commits, check.candidate_values);
  if (check.noise) {
    pending.scale = noise_scale(*check.noise);
    if (check.noise->level_commits > 1) {
      check.baseline_values.clear();
      for (std::size_t c = commits.size() - check.noise->level_commits; c < commits.size(); ++c)
        check.baseline_values.insert(check.baseline_values.end(), commits[c].begin(), commits[c].end());
    }
  }
  pending.estimate = medians_of(check.baseline_values, check.candidate_values);
  const double unit = pooling_unit(check);
  pending.joins_family = unit > 0;
  if (!check.noise || !pending.joins_family) return;
  for (const auto& [deviation, degrees] : noise_parts) {
    const double relative = (*check.noise).*deviation / unit;
    pending.noise.push_back({relative * relative, (*check.noise).*degrees});
  }
}

} // namespace

void learn_history_noise(std::vector<CellChecks>& cells) {
  for (CellChecks& cell : cells) {
    for (HistoryCheck& pending : cell.checks)
      learn_check_noise(pending);
  }
}

void scale_from_pooled_noise(std::vector<CellChecks>& cells) {
  for (CellChecks& cell : cells) {
    for (HistoryCheck& pending : cell.checks) {
      bool moderated = false;
      for (std::size_t part = 0; part < pending.noise.size(); ++part) {
        const NoisePart& pooled = pending.noise[part];
        if (!pooled.moderated) continue;
        const auto [deviation, degrees] = noise_parts[part];
        (*pending.check.noise).*deviation = std::sqrt(pooled.variance) * pooling_unit(pending.check);
        (*pending.check.noise).*degrees = pooled.degrees_of_freedom;
        moderated = true;
      }
      if (moderated) pending.scale = noise_scale(*pending.check.noise);
    }
  }
}

void fit_job_tails(std::vector<CellChecks>& cells) {
  for (const bool single : {true, false}) {
    std::vector<double> scores;
    std::vector<Scale*> scales;
    for (CellChecks& cell : cells) {
      for (HistoryCheck& pending : cell.checks) {
        if (!pending.scale || (pending.scale->evidence == Evidence::single_runs) != single) continue;
        scales.push_back(&*pending.scale);
        std::vector<double> values;
        for (const std::vector<double>& commit : present_commits(pending))
          values.push_back(analysis::median(commit));
        const std::vector<double> check_scores = leave_one_out_scores(values);
        scores.insert(scores.end(), check_scores.begin(), check_scores.end());
      }
    }
    const double degrees = fit_tail_degrees(scores);
    for (Scale* scale : scales)
      scale->tail_degrees = degrees;
  }
}

} // namespace tally::gate
