// SPDX-License-Identifier: BSD-3-Clause
// The two-sample statistics of the gate: the Mann-Whitney U test and the median difference.
// Choice: Mann-Whitney (rank-based) because benchmark timings are skewed and have outliers, and
// the test assumes nothing about their distribution; a bootstrap would need more repetitions.
#pragma once

#include <cstddef>
#include <span>

namespace tally::gate {

/// The result of a two-sided Mann-Whitney U test of `baseline` against `candidate`.
struct MannWhitney {
  double u = 0;       ///< U of the baseline: pairs (b, c) with b > c, ties counting one half
  double p_value = 1; ///< two-sided
  bool exact = false; ///< true: the exact null distribution; false: normal approximation
};

/// Two-sided Mann-Whitney U test. Exact p-value (the null distribution of U counted by
/// recursion) when both samples have at most 10 values and there are no ties; otherwise the
/// normal approximation with tie correction and continuity correction. Both samples must be
/// non-empty. When every value is equal, p is 1.
MannWhitney mann_whitney(std::span<const double> baseline, std::span<const double> candidate);

/// The smallest two-sided exact p-value samples of these sizes can reach (complete separation):
/// 2 / C(n1 + n2, n1). Below alpha only from 4 + 4 (or 3 + 5) repetitions at alpha = 0.05.
double smallest_p_value(std::size_t n1, std::size_t n2);

/// The median of the candidate minus the median of the baseline (medians as in the site:
/// the mean of the two middle values for an even count). Both samples must be non-empty.
double median_difference(std::span<const double> baseline, std::span<const double> candidate);

} // namespace tally::gate
