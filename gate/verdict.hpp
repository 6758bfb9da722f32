// SPDX-License-Identifier: BSD-3-Clause
// The evidence of one check: two samples of one metric, a rule and a scale give the change, its
// robust z and p-value, whether it exceeds the tolerance and its cost to the run. The verdict
// itself is decided over the whole family of checks, in decision.hpp.
#pragma once

#include "gate/rules.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace tally::gate {

/// `warning`: a finding about the runs as wholes that does not fail the gate (run_events.hpp).
/// `changed`: an exact count that moved, reported without a verdict (no rule gives it a direction).
enum class Verdict {
  pass,
  improvement,
  regression,
  waived,
  inconclusive,
  no_baseline,
  not_comparable,
  warning,
  changed
};

/// Where the scale a check's change is measured against comes from.
enum class Evidence {
  learned_noise,      ///< the noise of commit medians learned from the history (noise.hpp)
  repetition_spread,  ///< a short history: the spread within the repetitions of every commit, both sides included
  single_runs,        ///< one run per commit: the spread of the history's runs, the configured tolerance
  tolerance_only,     ///< fewer than three commits and none with two repetitions: beyond the tolerance, inconclusive
  paired_differences, ///< an A/B study: the spread of the differences within its pairs (paired.hpp)
};

/// The standard deviation of the difference between the candidate's median and the reference's
/// when nothing changed, in the metric's unit, and how many degrees of freedom its estimate has.
struct Scale {
  double deviation = 0;
  double degrees_of_freedom = 1;
  Evidence evidence = Evidence::learned_noise;
  /// The degrees of freedom of one job's move: one per history commit beyond the first (the
  /// baseline's included), the runner's state of a job being known from the history's own jobs
  /// alone; below two (a history of one or two commits), the repetitions' own degrees, before the
  /// family's pooling; 0: the pooled degrees serve.
  double job_degrees_of_freedom = 0;
  /// The degrees of freedom of Student's t whose tails one job's move has, fitted over the
  /// comparison's checks of its kind (single runs or repetitions: job_tails.hpp), which every p-value
  /// of the check is read against; 0: the normal's tails.
  double tail_degrees = 0;
};

struct SampleVerdict {
  Verdict verdict = Verdict::pass; ///< set by decide() (decision.hpp)
  Evidence evidence = Evidence::tolerance_only;
  double baseline_median = 0;
  double candidate_median = 0;
  double change = 0;              ///< percentage points (tolerance_in_pp) or percent of the baseline median
  bool worse = false;             ///< the median moved in the rule's worse direction
  bool exceeds_tolerance = false; ///< |change| beyond the tolerance and the minimum effect
  std::optional<double> z;        ///< the change of the medians over the scale's deviation
  std::optional<double> p_value;  ///< two-sided, Student's t with the scale's degrees of freedom (and tails)
  /// Two-sided, Student's t with the scale's job_degrees_of_freedom (p_value where it has none): the
  /// move as one job's (decision.hpp).
  std::optional<double> p_one_job;
  /// The p-value of a move as large as the tolerance (and the minimum effect): how surely any move
  /// beyond the tolerance is real. Where even that is certain (decision.hpp), the check tests
  /// nothing its tolerance does not: its values never vary, or only by rounding (inter-node load
  /// balance on one node, every efficiency at one rank).
  std::optional<double> p_at_tolerance;
  /// The change's cost to the run: the region's share of Global's time times the metric's relative
  /// change (an efficiency's change over its baseline value), as a fraction; the relative change
  /// alone when the runs have no Global region.
  double impact = 0;
  bool kept = false; ///< kept by the family-wise rule, or certain beyond the tolerance (decision.hpp)
  /// Its hypothesis is selected at the suspicion's looser rate (decision.hpp): a large move not kept
  /// is inconclusive.
  bool suspected = false;
  /// Left out of the family: a move to the tolerance would be kept in any family (decision.hpp).
  bool certain_beyond_tolerance = false;
};

/// What a check judges, whichever gate made it: the reference's location and the candidate's, in
/// the metric's unit. The history gate's are the medians of each side's repetitions (the reference's
/// pooled over the baseline's level); an A/B study's, the baseline's median and that median moved
/// by the pairs' mean difference; a uniform move's, 1 and the factor every elapsed time moved by.
struct Estimate {
  double reference = 0;
  double candidate = 0;
};

/// The medians of two samples (both non-empty) as an estimate.
Estimate medians_of(const std::vector<double>& reference, const std::vector<double>& candidate);

/// The evidence of `estimate` (direction not ignored): the change, whether it exceeds the rule's
/// tolerance and minimum effect, and, with a scale, z = Δ/deviation and its two-sided p-value.
/// `share` is the region's share of Global's time (1 for Global itself or when unknown).
SampleVerdict weigh_change(const CheckRule& rule, const Estimate& estimate, const std::optional<Scale>& scale,
                           double share);

std::string_view to_string(Verdict verdict);
std::string_view to_string(Evidence evidence);
/// Whether the evidence had no commit with two runs (single runs, or the tolerance alone): the
/// configured tolerance is never tightened then, and a pass says repetitions would see more.
bool without_repetitions(Evidence evidence);

} // namespace tally::gate
