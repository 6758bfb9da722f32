// SPDX-License-Identifier: BSD-3-Clause
/* Rank 1 calls MPI_Abort with error code 3 while the others wait in a barrier: the profiler
 * must neither hang nor leave a document, and mpirun's exit code must not change. */
#include <mpi.h>
#include <unistd.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    usleep(100000);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
