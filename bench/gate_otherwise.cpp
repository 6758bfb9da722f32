// SPDX-License-Identifier: BSD-3-Clause
// The gate's goals (gate/README.md) on histories generated otherwise than gate_noise's: a
// bulk-synchronous program (bsp_histories.hpp) whose noise is each rank's at each step, its time
// the sum of its steps' slowest ranks, its regions' sizes lognormal, at 2 to 16 ranks on 1 to 4
// nodes; steady and drifting runners, long and short histories, 1 to 100 regions, 1 to 10
// repetitions. `gate_otherwise SEEDS` runs more (or fewer) histories of each (default 100).
#include "bsp_histories.hpp"
#include "gate_rates.hpp"

#include <cstdio>
#include <cstdlib>

namespace {

namespace bench = tally::bench;

void rates(const bench::BspOptions& options, int seeds) {
  static constexpr const char* shapes[] = {"normal", "lognormal", "normal with the system's interruptions"};
  char title[512];
  std::snprintf(title, sizeof title,
                "bulk-synchronous histories: %d seeds, %d commits x %d repetitions at 2, 4 ranks, 8 on 2 nodes and "
                "16 on 4,\nGlobal + %d regions, %s step noise%s",
                seeds, options.length.commits, options.length.repetitions, options.regions,
                shapes[static_cast<int>(options.noise)],
                options.drifting_runner ? ", a runner that drifts between commits (3% host speed, a shared core)" : "");
  bench::realistic_rates(
      title, options.length.commits,
      [&](std::uint64_t seed, bool grow) { return bench::bsp_history(seed, grow, options); }, seeds);
}

} // namespace

int main(int argc, char** argv) {
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 100;
  if (seeds <= 0) {
    std::fprintf(stderr, "gate_otherwise: SEEDS must be a positive integer, not '%s'\n", argv[1]);
    return 2;
  }
  // The goals' histories: steady 12 x 5, short 4 x 3 and 2 x 3, drifting 12 x 5 and 4 x 3.
  rates({.length = {12, 5}}, seeds);
  rates({.length = {4, 3}}, seeds);
  rates({.length = {2, 3}}, seeds);
  rates({.length = {12, 5}, .drifting_runner = true}, seeds);
  rates({.length = {4, 3}, .drifting_runner = true}, seeds);
  // A program of one region (its first comparison on a drifting runner too), other noise shapes,
  // many regions, many and few repetitions.
  rates({.length = {12, 5}, .regions = 0}, seeds);
  rates({.length = {4, 3}, .regions = 0}, seeds);
  rates({.length = {2, 3}, .regions = 0, .drifting_runner = true}, seeds);
  rates({.length = {12, 5}, .noise = bench::StepNoise::interruptions}, seeds);
  rates({.length = {4, 3}, .noise = bench::StepNoise::interruptions}, seeds);
  rates({.length = {12, 5}, .noise = bench::StepNoise::lognormal}, seeds);
  rates({.length = {6, 3}, .regions = 100}, seeds);
  rates({.length = {20, 10}, .regions = 5}, seeds);
  rates({.length = {12, 1}}, seeds);
  rates({.length = {4, 1}}, seeds);
  return 0;
}
