// SPDX-License-Identifier: BSD-3-Clause
// The stages both gates run on their checks once each has its estimate and its noise: the noise
// pooled over the family, the test and the verdicts (gate/README.md, "The verdict rule").
#pragma once

#include "gate/pending_check.hpp"

#include <span>
#include <string>

namespace tally::gate {

/// The noise pooled: each part of the noise of every check of one metric moderated towards a prior
/// fitted over the checks of that metric (moderation.hpp), located at the region's (its
/// configurations: the same code), so that a region's few commits or pairs borrow what its other
/// configurations show; each check keeps the prior's degrees of freedom it gained
/// (Check::prior_degrees_of_freedom). Checks that do not join the family (PendingCheck::joins_family),
/// have no scale, or whose move to the tolerance would already be certain (their values vary by
/// rounding only: decision.hpp) neither join the priors nor are moderated. Each gate makes its scale
/// anew from the moderated parts.
void pool_noise(std::span<PendingCheck* const> checks, const GateConfig& config);

/// The test: the check's tolerance from its scale (never tighter than a fifth of the configured
/// one: noise.hpp) and the evidence of its estimate's change against the scale (verdict.hpp).
void weigh(PendingCheck& pending);

/// The test of a uniform move (every elapsed time of a configuration moved by e^`log_move`): its
/// tolerance from `scale` and the evidence of the move as a ratio, 1 → e^`log_move`.
void weigh(UniformMove& move, double log_move, const Scale& scale);

/// The verdicts: every check moved into `out`, then decided with out's uniform moves, counts and
/// events by the verdict rule (decision.hpp), and the rules that checked nothing listed.
void decide_checks(std::span<PendingCheck* const> checks, GateResult& out, const GateConfig& config,
                   const std::string& candidate_commit, const std::string& today);

} // namespace tally::gate
