// SPDX-License-Identifier: BSD-3-Clause
/* A rank that only waits, by polling: rank 1 sleeps 200 ms five times and then sends; rank 0
 * polls MPI_Test in a loop that does nothing else. Rank 0 waits for the whole second, so every
 * nanosecond of its polling is communication time; what a tool books as useful time there is the
 * loop's own few instructions plus the tool's cost outside its clock reads. Prints rank 0's polls
 * and the nanoseconds per poll (busy_wait.sh sets them beside each tool's split). */
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double value = 0, polling = 0;
  long polls = 0;
  for (int step = 0; step < 5; ++step) {
    if (rank == 1) {
      const struct timespec late = {0, 200000000};
      nanosleep(&late, NULL);
      MPI_Send(&value, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
      continue;
    }
    MPI_Request request;
    MPI_Irecv(&value, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &request);
    const double start = seconds_now();
    for (int done = 0; !done; ++polls)
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    polling += seconds_now() - start;
  }
  if (rank == 0) printf("%ld %.6f\n", polls, polling);
  MPI_Finalize();
  return 0;
}
