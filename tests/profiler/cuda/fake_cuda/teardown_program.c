// SPDX-License-Identifier: BSD-3-Clause
/* A CUDA program without MPI on the fake CUDA runtime, whose run therefore ends at exit: after
 * the runtime's own exit handler (registered when CUDA starts) destroyed its context. Region
 * "tail": 50 ms of host work, a 100 ms kernel launched, 50 ms more; the program exits with the
 * kernel still running. Prints nothing on stdout; exit status 1 if the fake CUDA could not start. */
#define _GNU_SOURCE
#include "fake_cuda.h"
#include "host_work.h"

#include <tally.h>

int main(void) {
  if (fake_cuda_init() != 0) return 1;
  const tally_region_t tail = tally_region_register("tail");
  tally_region_start(tail);
  compute_ms(50);
  fake_cuda_launch(0, 0, 100);
  compute_ms(50);
  tally_region_stop(tail);
  return 0;
}
