// SPDX-License-Identifier: BSD-3-Clause
/* The benchmarks' timing: the best of 5 rounds of N calls each, in ns per call, so that a noisy
 * machine's interruptions do not count. */
#ifndef TALLY_BENCH_BEST_OF_H
#define TALLY_BENCH_BEST_OF_H

#include <time.h>

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e9 * (double)t.tv_sec + (double)t.tv_nsec;
}

#define BEST_OF_5(result, calls, body)                                                                                 \
  do {                                                                                                                 \
    result = 1e300;                                                                                                    \
    for (int round = 0; round < 5; ++round) {                                                                          \
      const double start = now_ns();                                                                                   \
      for (long i = 0; i < (calls); ++i) {                                                                             \
        body;                                                                                                          \
      }                                                                                                                \
      const double per_call = (now_ns() - start) / (double)(calls);                                                    \
      if (per_call < result) result = per_call;                                                                        \
    }                                                                                                                  \
  } while (0)

#endif
