// SPDX-License-Identifier: BSD-3-Clause
/* The extension that opens_mpi_late.c opens, linking MPI as mpi4py's module does: the ranks' r + 1
 * summed, P (P + 1) / 2 over P ranks, printed by rank 0. */
#include <mpi.h>
#include <stdio.h>

int late_mpi_run(void) {
  MPI_Init(NULL, NULL);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int mine = rank + 1, total = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("opens_mpi_late: %d\n", total);
  MPI_Finalize();
  return 0;
}
