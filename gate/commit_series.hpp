// SPDX-License-Identifier: BSD-3-Clause
// The commit axis of one comparison, and a region's values along it keyed by the commit: a region
// that ran at some commits only (added, removed, back after a gap) is a series with absent keys,
// never a vector whose index slides against another region's.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <vector>

namespace tally::gate {

/// Positions on the comparison's commit axis: the baseline, the candidate, then the history
/// commits, newest first (the larger, the older).
inline constexpr std::size_t baseline_position = 0;
inline constexpr std::size_t candidate_position = 1;
inline constexpr std::size_t first_history_position = 2;

/// Orders the history's positions and the baseline's oldest first, the baseline last.
using OldestFirst = std::greater<std::size_t>;

/// Something of each commit where it exists, keyed by the commit's position, oldest first.
template <class Value> using ByCommit = std::map<std::size_t, Value, OldestFirst>;

/// A region's or a check's repetitions at each commit of its history where it ran.
using CommitValues = ByCommit<std::vector<double>>;

} // namespace tally::gate
