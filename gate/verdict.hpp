// SPDX-License-Identifier: BSD-3-Clause
// The verdict of one check: two samples of one metric, a rule, and the decision between pass,
// regression, improvement and inconclusive, with how strong the evidence is.
#pragma once

#include "gate/rules.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace tally::gate {

/// `warning`: a finding about the runs as wholes that does not fail the gate (run_events.hpp).
enum class Verdict { pass, improvement, regression, waived, inconclusive, no_baseline, not_comparable, warning };

/// How the verdict was reached.
enum class Evidence {
  statistical,       ///< tolerance and a Mann-Whitney p-value below alpha
  tolerance_only,    ///< several repetitions, too few for the test to reach alpha: weaker verdict
  single_repetition, ///< one repetition on a side: tolerance only, weakest verdict
};

struct SampleVerdict {
  Verdict verdict = Verdict::pass;
  Evidence evidence = Evidence::single_repetition;
  double baseline_median = 0;
  double candidate_median = 0;
  double change = 0;             ///< percentage points (tolerance_in_pp) or percent of the baseline median
  std::optional<double> p_value; ///< when both sides have at least two values
};

/// Judges `candidate` against `baseline` (both non-empty; direction not ignored). A change counts
/// when it exceeds the tolerance and the minimum effect, and, when the sample sizes can reach
/// alpha at all (smallest_p_value < alpha, i.e. from 4 + 4 repetitions at 0.05), when the
/// Mann-Whitney p-value is below alpha; otherwise it is inconclusive. With sizes that cannot
/// reach alpha the tolerance alone decides, and the evidence says so.
SampleVerdict judge(const CheckRule& rule, const std::vector<double>& baseline, const std::vector<double>& candidate);

std::string_view to_string(Verdict verdict);
std::string_view to_string(Evidence evidence);

} // namespace tally::gate
