// SPDX-License-Identifier: BSD-3-Clause
/* Computes until killed, as a job at its time limit: SIGTERM must end it without a hang and
 * without a half-written document. */
#include <mpi.h>
#include <unistd.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  for (;;) {
    usleep(10000);
    MPI_Barrier(MPI_COMM_WORLD);
  }
}
