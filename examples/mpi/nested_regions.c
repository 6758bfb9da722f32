// SPDX-License-Identifier: BSD-3-Clause
/* Nested and repeated regions: each of the 4 steps is a "timestep" holding "physics" (itself
 * holding 3 visits of "kernel") and "halo" (a neighbour exchange). Visits add up: per rank 4
 * timesteps, 4 physics, 12 kernels, 4 halos; every inner region's time fits in its outer one.
 * Usage: nested_regions [unit_ms=5] */
#include "work.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const double unit = (argc > 1 ? atof(argv[1]) : 5.0) / 1000.0;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const tally_region_t timestep = tally_region_register("timestep");
  const tally_region_t physics = tally_region_register("physics");
  const tally_region_t kernel = tally_region_register("kernel");
  const tally_region_t halo = tally_region_register("halo");

  double value = rank, received = 0.0;
  for (int step = 0; step < 4; ++step) {
    tally_region_start(timestep);
    tally_region_start(physics);
    for (int k = 0; k < 3; ++k) {
      tally_region_start(kernel);
      value += compute_for(unit);
      tally_region_stop(kernel);
    }
    tally_region_stop(physics);
    tally_region_start(halo);
    MPI_Sendrecv(&value, 1, MPI_DOUBLE, (rank + 1) % size, 0, &received, 1, MPI_DOUBLE, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    tally_region_stop(halo);
    tally_region_stop(timestep);
  }
  if (rank == 0) printf("nested_regions: received %.3f\n", received);
  MPI_Finalize();
  return 0;
}
