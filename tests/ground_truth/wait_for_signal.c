// SPDX-License-Identifier: BSD-3-Clause
/* Computes until killed, as a job at its time limit: SIGTERM must end it without a hang and
 * without a half-written document. Each rank says on stderr when every rank is in the loop. */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  fprintf(stderr, "wait_for_signal: rank %d in the loop\n", rank);
  for (;;) {
    usleep(10000);
    MPI_Barrier(MPI_COMM_WORLD);
  }
}
