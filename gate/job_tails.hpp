// SPDX-License-Identifier: BSD-3-Clause
// The tails of one job's move, fitted over a comparison's checks. The candidate's runs at one
// configuration are one job, and one job's tails (a rank slowed by a neighbour, one odd run) are
// what no median of one job's repetitions trims: every history commit judged against the others of
// its check shows how often one job lies far out, and the candidate's move is read against those
// tails.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace tally::gate {

/// The signed normal score of each of `values` (one per commit: its run, or its runs' median)
/// judged against the others:
/// t = (x − the others' mean) / (the others' standard deviation × √(1 + 1/(n − 1))), which follows
/// Student's t with n − 2 degrees of freedom for normal values, as its two-sided p-value's normal
/// score, so that normal values give standard normal scores however few they are. None for fewer
/// than three values; none for a value whose others do not vary.
std::vector<double> leave_one_out_scores(std::span<const double> values);

/// Fewer scores than this expect less than one beyond the normal's 0.1% point: they tell no tails
/// (and one region's metrics, which move together, would count one odd job several times).
inline constexpr std::size_t job_tails_min_scores = 1000;

/// The degrees of freedom of Student's t whose tails `scores` show: the share of them beyond the
/// normal's two-sided 0.1% point (3.29), matched to P(|T| ≥ 3.29). 0 (the normal's tails) with
/// fewer than job_tails_min_scores scores, and while their count is one the normal's tails give by
/// chance (below the Poisson's upper 1% point of the count expected); 1 at the heaviest (Cauchy's).
double fit_tail_degrees(std::span<const double> scores);

/// A two-sided p-value read against tails of `tail_degrees` (0: unchanged): the two-sided p-value,
/// under Student's t with those degrees, of its normal score.
double with_tails(double p_value, double tail_degrees);

} // namespace tally::gate
