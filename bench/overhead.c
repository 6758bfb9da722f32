// SPDX-License-Identifier: BSD-3-Clause
/* Cost of MPI calls and region pairs, in ns per call: the best of 5 rounds of N calls each, so
 * that a noisy machine's interruptions do not count. Run by bench/overhead.sh with and without
 * the profiler; the difference is what tally adds. The region API is looked up at run time, so
 * that without the preload nothing of tally is loaded. Usage: overhead [calls=1000000] */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

#include "best_of.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const long calls = argc > 1 ? atol(argv[1]) : 1000000;
  int rank = 0;
  double value = 1.0, sum = 0.0, comm_rank = 0.0, allreduce = 0.0, barrier = 0.0, sendrecv = 0.0, region_pair = 0.0;
  tally_region_t (*region_register)(const char*) =
      (tally_region_t(*)(const char*))dlsym(RTLD_DEFAULT, "tally_region_register");
  void (*region_start)(tally_region_t) = (void (*)(tally_region_t))dlsym(RTLD_DEFAULT, "tally_region_start");
  void (*region_stop)(tally_region_t) = (void (*)(tally_region_t))dlsym(RTLD_DEFAULT, "tally_region_stop");
  const tally_region_t region = region_register ? region_register("bench") : -1;
  BEST_OF_5(comm_rank, calls, MPI_Comm_rank(MPI_COMM_WORLD, &rank));
  BEST_OF_5(allreduce, calls, MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
  BEST_OF_5(barrier, calls, MPI_Barrier(MPI_COMM_WORLD));
  /* To itself: a point-to-point call with both payloads counted (bytes sent and received). */
  BEST_OF_5(
      sendrecv, calls,
      MPI_Sendrecv(&value, 1, MPI_DOUBLE, rank, 0, &sum, 1, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
  if (region_register) BEST_OF_5(region_pair, calls, region_start(region); region_stop(region));
  if (rank == 0) {
    printf("MPI_Comm_rank %.1f\nMPI_Allreduce %.1f\nMPI_Barrier %.1f\nMPI_Sendrecv %.1f\nregion_pair %.1f\n", comm_rank,
           allreduce, barrier, sendrecv, region_pair);
  }
  MPI_Finalize();
  return 0;
}
