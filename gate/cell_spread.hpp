// SPDX-License-Identifier: BSD-3-Clause
// The spread of one configuration's moves across its regions. A job's state that no region's
// history can tell (one rank on a core another job shares, a host's memory) moves the efficiencies
// of many regions of one configuration at once, each by its own amount; their p-values together
// show it, as a genome-wide study's many tests show a common confounder (genomic control: Devlin
// and Roeder 1999, "Genomic control for association studies"). Where a metric's scores at one
// configuration spread more widely than chance makes them, its checks there are judged against
// that spread; one region that moved alone still stands out from the others.
#pragma once

#include <cstddef>
#include <span>

namespace tally::gate {

/// A spread this wide (the regions' moves twice as wide as their noise: beyond chance by six of its
/// deviations among 31 regions) is never chance: the comparison warns of it, naming the metric and
/// the configuration, whether or not any region's move still stands out.
inline constexpr double cell_spread_warned = 2.0;
/// Fewer checks of one metric at one configuration than this tell their spread too poorly.
inline constexpr std::size_t cell_spread_min_checks = 10;

/// The factor by which the scales of one metric's checks at one configuration are widened, from
/// the normal scores of their p-values (normal_score): the upper quartile of the scores (the one at
/// position ⌊3n/4⌋ of the n sorted, from 0) over the
/// standard normal's (|Z|'s upper quartile, 1.1503) when it lies beyond chance's upper 1% point
/// (that quartile plus 2.326 times its sampling deviation over n scores, 1.0517 / √n); 1 when it
/// does not, or with fewer than cell_spread_min_checks scores. The upper quartile, not the median:
/// a rank slowed on a shared core moves the regions whose heaviest rank it is, often fewer than half.
double cell_spread(std::span<const double> normal_scores);

} // namespace tally::gate
