// SPDX-License-Identifier: BSD-3-Clause
// Medians as the location (one odd repetition moves them little), the learned or observed noise as
// the scale: the size of a shift against the noise is what a rank test on 4 + 4 values cannot see.
#include "gate/verdict.hpp"

#include "gate/job_tails.hpp"
#include "gate/statistics.hpp"

#include "analysis/region_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tally::gate {

Estimate medians_of(const std::vector<double>& reference, const std::vector<double>& candidate) {
  return {analysis::median(reference), analysis::median(candidate)};
}

SampleVerdict weigh_change(const CheckRule& rule, const Estimate& estimate, const std::optional<Scale>& scale,
                           double share) {
  SampleVerdict out;
  out.baseline_median = estimate.reference;
  out.candidate_median = estimate.candidate;
  const double delta = out.candidate_median - out.baseline_median;
  if (rule.tolerance_in_pp)
    out.change = 100.0 * delta;
  else if (out.baseline_median != 0)
    out.change = 100.0 * delta / std::abs(out.baseline_median);
  else
    out.change = delta == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), delta);
  out.worse = rule.direction == Direction::higher_is_better ? delta < 0 : delta > 0;
  out.exceeds_tolerance = std::abs(out.change) > rule.tolerance && std::abs(delta) >= rule.min_effect;
  // An efficiency's loss of Δ from e costs the run Δ/e of its time at the same work.
  const double relative =
      rule.tolerance_in_pp && out.baseline_median != 0 ? delta / out.baseline_median : out.change / 100.0;
  out.impact = share * std::abs(relative);
  if (!scale) return out;
  out.evidence = scale->evidence;
  if (scale->deviation > 0)
    out.z = delta / scale->deviation;
  else // no noise at all (identical repetitions): any difference is certain
    out.z = delta == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), delta);
  const auto p_of = [&](double z, double degrees) {
    return with_tails(student_t_p_value(z, degrees), scale->tail_degrees);
  };
  out.p_value = p_of(*out.z, scale->degrees_of_freedom);
  out.p_one_job = scale->job_degrees_of_freedom > 0 ? p_of(*out.z, scale->job_degrees_of_freedom) : *out.p_value;
  const double tolerance_delta = rule.tolerance / 100.0 * (rule.tolerance_in_pp ? 1.0 : std::abs(out.baseline_median));
  const double smallest_move = std::max(tolerance_delta, rule.min_effect);
  const double z_at_tolerance =
      scale->deviation > 0 ? smallest_move / scale->deviation : std::numeric_limits<double>::infinity();
  out.p_at_tolerance = p_of(z_at_tolerance, scale->degrees_of_freedom);
  return out;
}

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
  case Verdict::pass: return "pass";
  case Verdict::improvement: return "improvement";
  case Verdict::regression: return "regression";
  case Verdict::waived: return "waived";
  case Verdict::inconclusive: return "inconclusive";
  case Verdict::no_baseline: return "no baseline";
  case Verdict::not_comparable: return "not comparable";
  case Verdict::warning: return "warning";
  case Verdict::changed: return "changed";
  }
  return "pass";
}

std::string_view to_string(Evidence evidence) {
  switch (evidence) {
  case Evidence::learned_noise: return "against the noise learned from the history";
  case Evidence::repetition_spread: return "against the spread of the repetitions (short history)";
  case Evidence::single_runs: return "against the spread of the history's single runs (one run per commit)";
  case Evidence::tolerance_only:
    return "tolerance only (no commit with two repetitions, fewer than three commits: a move beyond it is "
           "inconclusive)";
  case Evidence::paired_differences: return "against the spread of the A/B study's paired differences";
  }
  return "";
}

bool without_repetitions(Evidence evidence) {
  return evidence == Evidence::single_runs || evidence == Evidence::tolerance_only;
}

} // namespace tally::gate
