// SPDX-License-Identifier: BSD-3-Clause
/* A program without MPI, with regions used well and badly: "work" twice (30 ms each, 25 ms of
 * it in "inner"), a stop without start, and "left_open" never stopped. The run spans the
 * process; misuse gives warnings, never a crash; the open region is closed at the end. */
#include "../../examples/mpi/work.h"

#include <stdio.h>
#include <tally.h>

int main(void) {
  const tally_region_t work = tally_region_register("work");
  const tally_region_t inner = tally_region_register("inner");
  const tally_region_t left_open = tally_region_register("left_open");
  double sum = 0.0;
  for (int i = 0; i < 2; ++i) {
    tally_region_start(work);
    sum += compute_for(0.005);
    tally_region_start(inner);
    sum += compute_for(0.025);
    tally_region_stop(inner);
    tally_region_stop(work);
  }
  tally_region_stop(inner);
  tally_region_start(left_open);
  sum += compute_for(0.002);
  printf("serial_regions: %.3f\n", sum);
  return 0;
}
