// SPDX-License-Identifier: BSD-3-Clause
/* Every rank returns from main after MPI_Init without MPI_Finalize: no reduction is possible
 * (it could hang), so no document, one warning, and the exit code mpirun would give anyway. */
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Barrier(MPI_COMM_WORLD);
  return 0;
}
