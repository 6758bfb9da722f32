// SPDX-License-Identifier: BSD-3-Clause
// The runs the energy-estimate tests share, their times chosen for hand computation.
#pragma once

#include "run_factory.hpp"

#include <cstdint>

namespace tally::analysis::energy::testing_runs {

/// 1 rank: three repetitions of 3.0, 2.0 and 2.5 s with 1.6 s of useful time each; 4 ranks on 2
/// nodes: one repetition of 1.0 s with 3.2 s of useful time over the ranks (0.8 s each).
inline ingest::RunSet one_rank_three_times_and_four_ranks_once() {
  constexpr std::uint64_t ms = 1'000'000;
  ingest::RunSet runs;
  for (const std::uint64_t elapsed : {3000 * ms, 2000 * ms, 2500 * ms})
    runs.runs.push_back(testing::make_run(testing::RunShape{.ranks = 1}, elapsed, 1600 * ms));
  runs.runs.push_back(testing::make_run(testing::RunShape{.ranks = 4, .nodes = 2}, 1000 * ms, 3200 * ms));
  return runs;
}

} // namespace tally::analysis::energy::testing_runs
