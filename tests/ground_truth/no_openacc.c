// SPDX-License-Identifier: BSD-3-Clause
/* A program without OpenACC, 4 visits of "step" (5 ms each). Built plainly, it must never get
 * libgomp from tally (tally looks the OpenACC runtime up, never loads it): it exits 3 if libgomp
 * is loaded at its end. Built with -fopenmp (NO_OPENACC_WITH_OPENMP), it has GCC's libgomp, the
 * OpenACC runtime included, and a parallel region per visit, but runs no OpenACC construct. */
#include "../../examples/mpi/work.h"

#include <dlfcn.h>
#include <stdio.h>
#include <tally.h>

int main(void) {
  const tally_region_t step = tally_region_register("step");
  double spent = 0.0;
  for (int visit = 0; visit < 4; ++visit) {
    tally_region_start(step);
#ifdef NO_OPENACC_WITH_OPENMP
#pragma omp parallel reduction(+ : spent) num_threads(2)
#endif
    spent += compute_for(0.005);
    tally_region_stop(step);
  }
  printf("no_openacc: %.3f\n", spent);
#ifndef NO_OPENACC_WITH_OPENMP
  if (dlopen("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD)) {
    fprintf(stderr, "no_openacc: libgomp is loaded\n");
    return 3;
  }
#endif
  return 0;
}
