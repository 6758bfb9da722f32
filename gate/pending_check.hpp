// SPDX-License-Identifier: BSD-3-Clause
// One notion of a check on its way through the stages, whichever gate made it: its estimate, its
// noise in parts, its scale. The history gate (compare.hpp) and the A/B study's (paired.hpp) each
// gather their evidence and their noise their own way, then share the stages that pool the noise
// and test the move (check_stages.hpp), and the verdict rule (decision.hpp).
#pragma once

#include "gate/compare.hpp"

#include <optional>
#include <vector>

namespace tally::gate {

/// One part of a check's noise: a variance in the check's pooling unit (relative to its reference
/// for a metric judged in percent, percentage points for an efficiency, so that regions of
/// different sizes share one prior) with its degrees of freedom. The history gate's two parts are
/// its repetitions' and its commit medians' (noise.hpp), an A/B study's one the pairs' differences.
struct NoisePart {
  double variance = 0;
  double degrees_of_freedom = 0;
  bool moderated = false; ///< moderated towards the family's prior (pool_noise)
};

/// A check not decided yet.
struct PendingCheck {
  Check check;
  Estimate estimate;
  /// The standard deviation of the estimate's change when nothing changed, and its degrees of
  /// freedom; none where nothing gives one (one run of each side, one pair).
  std::optional<Scale> scale{};
  std::vector<NoisePart> noise{}; ///< what its scale is made of, pooled over the family (pool_noise)
  /// Whether its noise may join the family's prior: false where its own gate keeps it apart (an A/B
  /// study of fewer than paired_pooled_min_pairs pairs, a reference of 0 that gives no unit).
  bool joins_family = true;
};

} // namespace tally::gate
