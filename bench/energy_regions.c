// SPDX-License-Identifier: BSD-3-Clause
/* A region pair's cost in ns, best of 5 rounds, in a program without MPI: run by
 * bench/energy_cost.sh under libtally.so with the energy backend reading (a fake tree) and not
 * (no tree), so that the difference is what the energy hooks add to a visit.
 * Usage: energy_regions [calls=1000000] */
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

#include "best_of.h"

int main(int argc, char** argv) {
  const long calls = argc > 1 ? atol(argv[1]) : 1000000;
  const tally_region_t region = tally_region_register("bench");
  double pair = 0.0;
  BEST_OF_5(pair, calls, tally_region_start(region); tally_region_stop(region));
  printf("%.1f\n", pair);
  return 0;
}
