// SPDX-License-Identifier: BSD-3-Clause
/* A CUDA program without MPI on the fake CUDA runtime, whose run therefore ends at exit: after
 * the runtime's own exit handler (registered when CUDA starts) destroyed its context. One visit of
 * "tail" (tail_step.h); the program exits with the kernel still running. Prints nothing on stdout;
 * exit status 1 if the fake CUDA could not start. */
#define _GNU_SOURCE
#include "fake_cuda.h"
#include "tail_step.h"

#include <tally.h>

int main(void) {
  if (fake_cuda_init() != 0) return 1;
  tail_step(tally_region_register("tail"));
  return 0;
}
