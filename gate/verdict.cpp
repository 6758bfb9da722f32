// SPDX-License-Identifier: BSD-3-Clause
// Tolerance first, statistics second: a statistically clear but tiny change is noise for CI,
// and a large change that the samples cannot separate is reported, not failed.
#include "gate/verdict.hpp"

#include "gate/statistics.hpp"

#include "analysis/region_metrics.hpp"

#include <cmath>
#include <limits>

namespace tally::gate {

SampleVerdict judge(const CheckRule& rule, const std::vector<double>& baseline, const std::vector<double>& candidate) {
  SampleVerdict out;
  out.baseline_median = analysis::median(baseline);
  out.candidate_median = analysis::median(candidate);
  const double delta = out.candidate_median - out.baseline_median;
  if (rule.tolerance_in_pp)
    out.change = 100.0 * delta;
  else if (out.baseline_median != 0)
    out.change = 100.0 * delta / std::abs(out.baseline_median);
  else
    out.change = delta == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), delta);

  if (baseline.size() >= 2 && candidate.size() >= 2) {
    out.p_value = mann_whitney(baseline, candidate).p_value;
    out.evidence = smallest_p_value(baseline.size(), candidate.size()) < rule.alpha ? Evidence::statistical
                                                                                    : Evidence::tolerance_only;
  }
  const bool exceeds = std::abs(out.change) > rule.tolerance && std::abs(delta) >= rule.min_effect;
  if (!exceeds) return out;
  if (out.evidence == Evidence::statistical && *out.p_value >= rule.alpha) {
    out.verdict = Verdict::inconclusive;
    return out;
  }
  const bool worse = rule.direction == Direction::higher_is_better ? delta < 0 : delta > 0;
  out.verdict = worse ? Verdict::regression : Verdict::improvement;
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
  }
  return "pass";
}

std::string_view to_string(Evidence evidence) {
  switch (evidence) {
  case Evidence::statistical: return "tolerance and Mann-Whitney test";
  case Evidence::tolerance_only: return "tolerance only (too few repetitions for the test; weaker verdict)";
  case Evidence::single_repetition: return "tolerance only (one repetition on a side; weakest verdict)";
  }
  return "";
}

} // namespace tally::gate
