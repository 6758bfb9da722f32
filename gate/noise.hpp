// SPDX-License-Identifier: BSD-3-Clause
// The noise of one check learned from the history: how much a metric's median moves from one
// commit to the next on the baseline's line when nothing is meant to change.
#pragma once

#include "gate/rules.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tally::gate {

/// Fewer commit medians than this give too unstable a spread; the configured tolerance applies.
inline constexpr std::size_t noise_min_commits = 5;
/// Differences of two commit medians beyond this many standard deviations count.
inline constexpr double noise_deviations = 3.0;
/// Learning may tighten a configured tolerance at most to this fraction of it, so that a history
/// whose medians are identical (a count, a rounded value) does not make every last digit count.
inline constexpr double noise_tightest_fraction = 0.2;

/// The commit-to-commit spread of one metric's medians.
struct LearnedNoise {
  std::size_t commits = 0; ///< commit medians it was learned from
  double deviation = 0;    ///< 1.4826 × MAD of the medians: a standard deviation, robust to a few outliers
};

/// The spread of `commit_medians` (one median per commit); nullopt for fewer than noise_min_commits.
std::optional<LearnedNoise> learn_noise(std::vector<double> commit_medians);

/// The tolerance of a check: from the learned noise when there is some, in the rule's unit
/// (percentage points, or percent of `baseline_median`), never tighter than a fifth of the
/// configured one; else the configured one.
double tolerance_with_noise(const CheckRule& configured, const std::optional<LearnedNoise>& noise,
                            double baseline_median);

/// Which tolerance applied and why: "tolerance 2.1% learned from 11 commits", or "tolerance 5%
/// configured (3 commits with runs in the history; 5 needed to learn its noise)".
std::string tolerance_text(const CheckRule& applied, const std::optional<LearnedNoise>& noise,
                           double configured_tolerance, std::size_t history_commits);

} // namespace tally::gate
