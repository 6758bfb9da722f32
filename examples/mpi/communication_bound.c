// SPDX-License-Identifier: BSD-3-Clause
/* Communication-bound by construction: balanced, short computation (1 ms per step) followed by
 * an all-to-all of 4 MiB per rank; most of the time goes to MPI, so the communication
 * efficiency is low while the load balance stays near 1. Usage: communication_bound [steps=20] */
#include "work.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int steps = argc > 1 ? atoi(argv[1]) : 20;
  int size = 1, rank = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int per_peer = (4 << 20) / (int)sizeof(double) / size;
  double* send = calloc((size_t)per_peer * (size_t)size, sizeof(double));
  double* receive = calloc((size_t)per_peer * (size_t)size, sizeof(double));
  double sum = 0.0;
  for (int step = 0; step < steps; ++step) {
    sum += compute_for(0.001);
    send[0] = sum;
    MPI_Alltoall(send, per_peer, MPI_DOUBLE, receive, per_peer, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0) printf("communication_bound: %d steps, %.3f\n", steps, receive[0]);
  free(send);
  free(receive);
  MPI_Finalize();
  return 0;
}
