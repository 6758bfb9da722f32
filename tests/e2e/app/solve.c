// SPDX-License-Identifier: BSD-3-Clause
/* The example application of the end-to-end pipeline test: "setup" once, then time steps of a
 * balanced "solve" and an "exchange" (MPI_Allreduce). Work sleeps until a deadline, so its
 * duration holds on oversubscribed runners. The test's fourth commit sets extra_units to
 * 1 + rank: rank r then works (1 + r) more units in "solve", a load imbalance.
 * Usage: solve [unit_ms=3] [steps=6] */
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>
#include <time.h>

/* Busy (outside MPI) for `seconds` of wall-clock time. */
static double compute_for(double seconds) {
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  const long nanoseconds = (long)(seconds * 1e9) + deadline.tv_nsec;
  deadline.tv_sec += nanoseconds / 1000000000L;
  deadline.tv_nsec = nanoseconds % 1000000000L;
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {
  }
  return seconds;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const double unit = (argc > 1 ? atof(argv[1]) : 3.0) / 1000.0;
  const int steps = argc > 2 ? atoi(argv[2]) : 6;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const tally_region_t setup = tally_region_register("setup");
  const tally_region_t solve = tally_region_register("solve");
  const tally_region_t exchange = tally_region_register("exchange");
  const int extra_units = 0;

  double local = 0.0, total = 0.0;
  tally_region_start(setup);
  local += compute_for(2 * unit);
  tally_region_stop(setup);
  for (int step = 0; step < steps; ++step) {
    tally_region_start(solve);
    local += compute_for((4 + extra_units) * unit);
    tally_region_stop(solve);
    tally_region_start(exchange);
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    tally_region_stop(exchange);
  }
  if (rank == 0) printf("solve: %d steps, checksum %.3f\n", steps, total);
  MPI_Finalize();
  return 0;
}
