// SPDX-License-Identifier: BSD-3-Clause
// Seeded history shapes for the gate and the site: the realistic histories (gate_histories.hpp)
// changed as a living project's history is, regions and configurations (of ranks, threads and CPU
// frequencies) that come and go, commits with 1 to N repetitions, and, where asked, what a CI's
// artifacts also hold: hung runs, documents of older schema versions, the same run twice, a renamed
// experiment, a document that does not read.
#pragma once

#include "gate_histories.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tally::bench {

/// Which changes a shape may have.
enum class ShapeKinds {
  /// What a valid history of a living project has: regions added, removed and back after a gap; a
  /// configuration of ranks, of OpenMP threads per rank or at a CPU frequency added, dropped or
  /// missing from the baseline; ranks that went from one thread to several; a CPU frequency's
  /// reference configuration (its fewest ranks) missing at some commits; runs that say the nominal
  /// frequency from a commit on; ragged repetitions. The history's length and program are the
  /// caller's, and the grown region is never removed from the baseline or the candidate.
  churn,
  /// Every change above and besides: hung runs, documents of older schema versions read through
  /// their migrations, duplicated run ids, an experiment renamed, a document that does not read;
  /// the length (2 to 8 commits of 1 to 4 repetitions), program (0 to 2 phases), runner and energy
  /// drawn from the seed.
  any,
};

/// The kinds of change a shape may have, as describe() words them (a shape's description holds each
/// of its kinds' words).
inline constexpr std::array<const char*, 21> change_kinds{"region",
                                                          "absent from commit",
                                                          "ranks added",
                                                          "ranks dropped",
                                                          "ranks missing from the baseline",
                                                          "threads added",
                                                          "threads dropped",
                                                          "threads missing from the baseline",
                                                          "from 1 thread",
                                                          "ranks) added",
                                                          "ranks) dropped",
                                                          "ranks) missing from the baseline",
                                                          "reference",
                                                          "frequency said",
                                                          "ragged",
                                                          "hung",
                                                          "older schema",
                                                          "twice",
                                                          "renamed",
                                                          "does not read",
                                                          "drifting runner"};

/// A generated history, and how it was made: one line per change, to replay a failing seed.
struct ShapedHistory {
  RealisticHistory history;
  int newest = 0; ///< the candidate's commit number (commit_name)
  std::vector<std::string> changes;
};

/// The history of `seed` (its candidate's grown region as in realistic_history when `grow`),
/// changed by what `kinds` allows, each change drawn from the seed. `options` is the length and
/// program for `churn`; `any` draws its own.
ShapedHistory shaped_history(std::uint64_t seed, bool grow, ShapeKinds kinds, const HistoryOptions& options = {});

/// "seed 12: region assemble_2 added 3 commits ago; ..." for a report.
std::string describe(std::uint64_t seed, const ShapedHistory& shaped);

} // namespace tally::bench
