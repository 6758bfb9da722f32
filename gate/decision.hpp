// SPDX-License-Identifier: BSD-3-Clause
// The verdict rule, in one place: how the checks' evidence becomes their verdicts, the verdicts
// findings, and the findings the commit's verdict and exit code. gate/README.md ("The verdict
// rule") gives the reasoning; the site's badges call the same rule through compare_runs.
#pragma once

#include "gate/compare.hpp"
#include "tally/model/metric_tree.hpp"

#include <functional>
#include <optional>
#include <span>
#include <string>

namespace tally::gate {

/// Whether a move to the check's tolerance (and minimum effect) would already be certain, p ≤ 10⁻⁶
/// weighed by its rule's alpha: such a check is decided by its tolerance outside the family.
bool certain_beyond_tolerance(const SampleVerdict& evidence, const CheckRule& rule, const GateConfig& config);

/// The metric whose hypothesis `metric`'s waits for (step 1 below): the nearest one above it in the
/// POP tree, below parallel efficiency and computation scalability, that is `judged` (has a
/// hypothesis); none for a metric of the first family. A parent is the product of its children, so
/// a child that moved moves it too, and a load balance, its in-node part and the MPI parallel
/// efficiency above it are one change judged three times: judged only where their parent moved,
/// they do not lower the line of every other hypothesis (Yekutieli 2008). Parallel efficiency and
/// computation scalability wait for nothing: global efficiency, their product, exists only beyond
/// the reference configuration and compares each with that one job (Simes' alone), so it tells less.
std::optional<model::MetricId> waited_for(model::MetricId metric, const std::function<bool(model::MetricId)>& judged);

/// The p-value of one hypothesis of the family across its configurations (step 1 below): the
/// smaller of Stouffer's combination of their signed normal `scores` and Simes' combination of their
/// one-job p-values, doubled for taking the smaller of two; Simes' alone when the configurations
/// are not `independent` (or there is one).
double across_configurations_p(std::span<const double> scores, std::span<const double> one_job, bool independent);

/// Decides every verdict of `result`, whose checks carry their evidence (weigh_change), in order:
///  1. The family: every check with a p-value, each weighed by config.alpha / rule.alpha, grouped
///     by experiment, region and metric across configurations (Stouffer's and Simes' combinations),
///     and every uniform move; the Benjamini-Hochberg rule at config.alpha selects hypotheses, those
///     of metrics below parallel efficiency and computation scalability only in a family of their
///     own once their parent is selected, and within one the configurations that moved are kept.
///  2. The elapsed-time checks of cells that slowed uniformly with identical work say so
///     (diagnosis.hpp). A check is a regression or an improvement when its move is kept, beyond its
///     tolerance and costs the run at least its min_impact_percent; inconclusive when it is beyond
///     twice its tolerance with that impact and p < alpha alone, and the Benjamini-Hochberg rule
///     selects its hypothesis at four times alpha but the family does not keep it; else a pass. A
///     check without a scale (no commit with two repetitions and fewer than three commits) has
///     nothing to tell a move from one job's noise: inconclusive beyond its tolerance with that
///     impact, else a pass. A kept move that one job's state on each side may have made is
///     inconclusive, never a regression: its configuration's regions moved that metric together
///     (Check::cell_spread, cell_spread.hpp); with the baseline and the candidate alone, its region's
///     other configurations' spread explains it (Check::configuration_spread,
///     configuration_spread.hpp) or nothing tells that state (Check::job_state_untold). An A/B study
///     tells which (ci/tally-gate.sh confirms it).
///  3. Active waivers turn regressions of checks and directed counts into `waived`.
///  4. A count change is `changed`, or a regression or an improvement where a rule gives the
///     count a direction; each says how its region's time moved.
///  5. The findings (findings.hpp), worst first and by impact; the commit's verdict is the worst
///     finding's: regression > no baseline > inconclusive (a worse move) > warning > improvement >
///     changed > pass, and `deciding` names that finding.
void decide(GateResult& result, const GateConfig& config, const std::string& candidate_commit,
            const std::string& today);

/// The verdict and the finding that decided it, for the last line of the gate's output:
/// "regression, decided by scaling: solve: ..." or "pass: no check moved beyond its noise and
/// tolerance (868 checks)".
std::string deciding_text(const GateResult& result);

} // namespace tally::gate
