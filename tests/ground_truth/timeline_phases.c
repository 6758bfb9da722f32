// SPDX-License-Identifier: BSD-3-Clause
/* Two ranks whose activity over time is known by construction, for the run's timeline and its
 * behaviour. A step is 100 ms of work (outside MPI: useful), followed by an MPI_Allreduce every
 * `steps_per_sum` steps; a wait keeps both ranks inside MPI (rank 1 in MPI_Recv, rank 0 polling
 * MPI_Iprobe) for 1.5 s.
 *   steady      30 steps, one sum at the end        (3 s, stable)
 *   cold_start  a wait, then 25 steps, each summed  (4 s, cold_start)
 *   stall       12 steps, a wait, 13 steps          (4 s, stall)
 *   idle_rank   10 steps of which rank 1 does no work: it waits in the MPI_Allreduce (1 s)
 * The steady run sums once: on a loaded machine a rank that wakes late makes the other wait in
 * the sum, and a wait of 20 ms takes a 100 ms bucket of both ranks out of the stable band (10 %);
 * one such bucket is allowed, a sum per step could give several.
 * Usage: timeline_phases MODE */
#include "../../examples/mpi/work.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

static double now_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static double steps(int count, int steps_per_sum, int rank, int rank_1_works) {
  double sum = 0.0;
  double mine = 0.0;
  for (int i = 1; i <= count; ++i) {
    mine += (rank == 1 && !rank_1_works) ? 0.0 : compute_for(0.1);
    if (i % steps_per_sum != 0) continue;
    MPI_Allreduce(MPI_IN_PLACE, &mine, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    sum += mine;
    mine = 0.0;
  }
  return sum;
}

/* Both ranks inside MPI for `seconds`: rank 0 probes for a message that does not come (the
 * clock is read every 1000 probes, so that almost all of the time is inside MPI), then
 * releases rank 1, which waited in MPI_Recv. */
static void wait_in_mpi(double seconds, int rank) {
  int token = 0;
  if (rank == 1) {
    MPI_Recv(&token, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return;
  }
  const double until = now_seconds() + seconds;
  while (now_seconds() < until) {
    for (int i = 0; i < 1000; ++i) {
      int arrived = 0;
      MPI_Iprobe(1, 8, MPI_COMM_WORLD, &arrived, MPI_STATUS_IGNORE);
    }
  }
  MPI_Send(&token, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char* mode = argc > 1 ? argv[1] : "steady";
  double sum = 0.0;
  if (strcmp(mode, "cold_start") == 0) {
    wait_in_mpi(1.5, rank);
    sum = steps(25, 1, rank, 1);
  } else if (strcmp(mode, "stall") == 0) {
    sum = steps(12, 1, rank, 1);
    wait_in_mpi(1.5, rank);
    sum += steps(13, 1, rank, 1);
  } else if (strcmp(mode, "idle_rank") == 0) {
    sum = steps(10, 1, rank, 0);
  } else {
    sum = steps(30, 30, rank, 1);
  }
  if (rank == 0) printf("timeline_phases %s: %.1f\n", mode, sum);
  MPI_Finalize();
  return 0;
}
