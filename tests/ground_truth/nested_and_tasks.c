// SPDX-License-Identifier: BSD-3-Clause
/* Robustness of the OpenMP backend: nested parallel regions, explicit tasks (with taskwait and
 * inside barriers), an explicit barrier and a dynamic loop. Nothing is known by construction;
 * the run must end with its exit code and one valid document. */
#include "../../examples/mpi/work.h"

#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_set_max_active_levels(2);
  double total = 0.0;
#pragma omp parallel num_threads(2) reduction(+ : total)
  {
#pragma omp parallel num_threads(2) reduction(+ : total)
    total += compute_for(0.002);
#pragma omp barrier
#pragma omp single
    for (int i = 0; i < 8; ++i) {
#pragma omp task shared(total)
      {
        const double done = compute_for(0.001);
#pragma omp atomic
        total += done;
      }
    }
#pragma omp taskwait
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 6; ++i)
      total += compute_for(0.001 * i);
  }
  printf("nested_and_tasks: %.3f s of work\n", total);
  return 0;
}
