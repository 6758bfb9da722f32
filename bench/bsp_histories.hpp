// SPDX-License-Identifier: BSD-3-Clause
// Histories generated otherwise than gate_histories: a bulk-synchronous program, each region steps
// of computation that end in a collective, so a step lasts as long as its slowest rank and a
// region's time is the sum of its steps' slowest ranks. The noise is each rank's at each step
// (jitter, or the operating system's rare long interruptions), not a region's per run.
#pragma once

#include "gate_histories.hpp"

#include <cstdint>

namespace tally::bench {

/// The shape of each rank's noise at each step: normal jitter (1 + σ·N), lognormal (e^(σ·N)), or
/// normal jitter plus the operating system's interruptions (one step in fifty of a rank takes
/// an exponential delay of half a step on average: a heavy right tail that the slowest rank picks up).
enum class StepNoise { normal, lognormal, interruptions };

/// What a bulk-synchronous history is made of.
struct BspOptions {
  HistoryLength length;
  int regions = 30; ///< side by side under Global, their sizes drawn lognormal; 0 for Global alone
  StepNoise noise = StepNoise::normal;
  /// Each commit and configuration runs on a host of its own speed (3% standard deviation), and
  /// in 3 of 10 of them one rank shares its core with another job (up to 15% slower).
  bool drifting_runner = false;
};

/// The runs of `options.length` commits × repetitions at 2 and 4 ranks on one node, 8 on two and
/// 16 on four, drawn from `seed`. With `grow`, one region drawn from the seed does more work in the
/// candidate: at each configuration 3× the standard deviation of its time there (measured on 400
/// runs of a steady runner drawn beforehand).
RealisticHistory bsp_history(std::uint64_t seed, bool grow, const BspOptions& options);

} // namespace tally::bench
