// SPDX-License-Identifier: BSD-3-Clause
/* Two ranks for the hang watchdog's tests (hang_watchdog.py). Usage: hang_cases MODE [SECONDS]
 *   deadlock: inside step > exchange, each rank receives from the other first: neither returns.
 *   compute:  rank 0 computes SECONDS inside "compute" before it sends; rank 1 waits for that
 *             message in MPI_Recv inside "wait". Then the run completes.
 *   steady:   3 steps, each an exchange (step > exchange) of one integer: no hang. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <tally.h>
#include <time.h>

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static void compute_for(double seconds) {
  volatile double sum = 0;
  const double end = seconds_now() + seconds;
  while (seconds_now() < end) {
    for (int i = 0; i < 1000; ++i)
      sum = sum + i;
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int other = 1 - rank;
  const char* mode = argc > 1 ? argv[1] : "steady";
  int value = rank;
  const tally_region_t step = tally_region_register("step");
  const tally_region_t exchange = tally_region_register("exchange");
  if (strcmp(mode, "deadlock") == 0) {
    tally_region_start(step);
    tally_region_start(exchange);
    MPI_Recv(&value, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (strcmp(mode, "compute") == 0) {
    const tally_region_t region = tally_region_register(rank == 0 ? "compute" : "wait");
    tally_region_start(region);
    if (rank == 0) {
      compute_for(argc > 2 ? atof(argv[2]) : 1.0);
      MPI_Send(&value, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    } else {
      MPI_Recv(&value, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    tally_region_stop(region);
  } else {
    for (int i = 0; i < 3; ++i) {
      tally_region_start(step);
      tally_region_start(exchange);
      MPI_Sendrecv_replace(&value, 1, MPI_INT, other, 0, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      tally_region_stop(exchange);
      tally_region_stop(step);
    }
  }
  MPI_Finalize();
  return 0;
}
