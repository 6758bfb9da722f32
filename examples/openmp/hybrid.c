// SPDX-License-Identifier: BSD-3-Clause
/* Hybrid MPI + OpenMP by construction: in every step each thread of rank r works (r+1) units in
 * a parallel region (balanced inside the rank), then the master meets the other ranks in
 * MPI_Allreduce while its workers idle. At 2 ranks x 2 threads: rank 0 is outside MPI 1 unit of
 * every 2 and its threads wait 1 unit (master in MPI, worker idle while it is: MPI by POP's rule),
 * so mpi_load_balance = (1 + 2) / 2 / 2 = 0.75 and OpenMP efficiency about 1.
 * Usage: hybrid [unit_ms=20] [steps=4] */
#include "../mpi/work.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  const double unit = (argc > 1 ? atof(argv[1]) : 20.0) / 1000.0;
  const int steps = argc > 2 ? atoi(argv[2]) : 4;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double local = 0.0, total = 0.0;
  for (int step = 0; step < steps; ++step) {
#pragma omp parallel reduction(+ : local)
    local += compute_for((rank + 1) * unit);
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  if (rank == 0) printf("hybrid: %d steps, %.3f s of work\n", steps, total);
  MPI_Finalize();
  return 0;
}
