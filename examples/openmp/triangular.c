// SPDX-License-Identifier: BSD-3-Clause
/* OpenMP load imbalance by construction: a loop of N iterations where iteration i works (i+1)
 * units, under schedule(static). With 2 threads and N = 8, thread 0 gets iterations 0-3 (1+2+3+4
 * = 10 units) and thread 1 iterations 4-7 (5+6+7+8 = 26 units); thread 0 waits 16 units at the
 * end of each loop. In the region "loop": useful 36 units, load imbalance 16, so
 * omp_load_balance = 36/52 = 0.692 (scheduling and serialization efficiencies about 1).
 * Usage: triangular [unit_ms=5] [steps=3] */
#include "../mpi/work.h"

#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

int main(int argc, char** argv) {
  const double unit = (argc > 1 ? atof(argv[1]) : 5.0) / 1000.0;
  const int steps = argc > 2 ? atoi(argv[2]) : 3;
  const int iterations = 8;
  const tally_region_t loop = tally_region_register("loop");
  double total = 0.0;
  for (int step = 0; step < steps; ++step) {
    tally_region_start(loop);
#pragma omp parallel for schedule(static) reduction(+ : total)
    for (int i = 0; i < iterations; ++i)
      total += compute_for((i + 1) * unit);
    tally_region_stop(loop);
  }
  printf("triangular: %d steps, %.3f s of work\n", steps, total);
  return 0;
}
