// SPDX-License-Identifier: BSD-3-Clause
// The gate of an A/B study: each candidate run judged against the baseline run of its pair, which
// ran on the same runner state, so no history is needed (gate/README.md, "A/B studies").
#pragma once

#include "gate/compare.hpp"
#include "gate/paired_study.hpp"

#include <optional>
#include <span>
#include <string>

namespace tally::gate {

/// One pair's difference of a metric, candidate against baseline, in the unit its pairs are
/// compared in: ln(candidate / baseline) for a metric judged in percent (a time: the runner's speed
/// multiplies it), candidate − baseline for an efficiency (rule.tolerance_in_pp); nullopt for a
/// ratio of a value that is not positive.
std::optional<double> pair_difference(const CheckRule& rule, double baseline, double candidate);

/// The pairs' differences of one check: their mean and the sample variance of one pair's
/// difference, with pairs − 1 degrees of freedom (0 below two pairs).
struct PairedDifferences {
  double mean = 0;
  double variance = 0;
  double degrees_of_freedom = 0;
};
PairedDifferences paired_differences(std::span<const double> differences);

/// Fewer pairs than this at a configuration are judged on their own spread alone: pooled with the
/// family's, 3 pairs' two degrees of freedom a check made the paired gate red on noise in 19 of 100
/// studies (gate/README.md, "A/B studies").
inline constexpr std::size_t paired_pooled_min_pairs = 5;

/// Judges the pairs of `study` in `runs`: per experiment, configuration, region and metric a check
/// whose evidence is the paired t of its pairs' differences (its variance moderated towards the
/// family's prior of the metric, located at the region: moderation.hpp; from
/// paired_pooled_min_pairs pairs on); per configuration, the
/// whole code's move (paired_uniform.hpp: the regions' weighted median, or with few regions their
/// weighted mean where every region moved as Global did) as a uniform move, removed from every
/// region's elapsed differences pair by pair; the counts, hung runs
/// and behaviours as in the history gate; then decide() (decision.hpp). What the pairing left out
/// and a configuration of too few pairs are GateResult::study_notes. `today` (YYYY-MM-DD) decides
/// the waivers.
GateResult compare_pairs(const analysis::ingest::RunSet& runs, const AbStudy& study, const GateConfig& config,
                         const std::string& today);

/// Which tolerance a paired check applied and why: "tolerance 1.2% from the differences of 5 pairs
/// (their spread pooled with the family's: 38 degrees of freedom)".
std::string paired_tolerance_text(const Check& check);

} // namespace tally::gate
