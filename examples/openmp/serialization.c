// SPDX-License-Identifier: BSD-3-Clause
/* OpenMP serialization by construction: each step runs a serial part of 2 units on the master,
 * then a parallel region where every thread works 1 unit. With 2 threads a step lasts 3 units:
 * useful 2 + 1 + 1 = 4 thread-units, the worker idles 2 units while the master works alone, so
 * omp_serialization_efficiency = 4/6 = 0.667, omp_load_balance = 1 and the parallel efficiency
 * useful / (threads x elapsed) = 4/6 as well. The worker is counted from the start of the run.
 * Usage: serialization [unit_ms=40] [steps=3] */
#include "../mpi/work.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  const double unit = (argc > 1 ? atof(argv[1]) : 40.0) / 1000.0;
  const int steps = argc > 2 ? atoi(argv[2]) : 3;
  double total = 0.0;
  for (int step = 0; step < steps; ++step) {
    total += compute_for(2 * unit);
#pragma omp parallel reduction(+ : total)
    total += compute_for(unit);
  }
  printf("serialization: %d steps, %.3f s of work\n", steps, total);
  return 0;
}
