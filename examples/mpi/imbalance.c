// SPDX-License-Identifier: BSD-3-Clause
/* Load imbalance by construction: in every step rank r computes (r+1) units, then all ranks
 * meet in MPI_Allreduce. Over P ranks the MPI load balance is (P+1)/(2P): 0.75 at 2 ranks,
 * 0.625 at 4. The region "compute" holds no MPI call and shows the same imbalance.
 * Usage: imbalance [unit_ms=20] [steps=10] */
#include "work.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const double unit = (argc > 1 ? atof(argv[1]) : 20.0) / 1000.0;
  const int steps = argc > 2 ? atoi(argv[2]) : 10;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const tally_region_t compute = tally_region_register("compute");
  const tally_region_t exchange = tally_region_register("exchange");

  double local = 0.0, total = 0.0;
  for (int step = 0; step < steps; ++step) {
    tally_region_start(compute);
    local += compute_for((rank + 1) * unit);
    tally_region_stop(compute);
    tally_region_start(exchange);
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    tally_region_stop(exchange);
  }
  if (rank == 0) printf("imbalance: %d steps, checksum %.3f\n", steps, total);
  MPI_Finalize();
  return 0;
}
