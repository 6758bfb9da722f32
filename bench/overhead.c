// SPDX-License-Identifier: BSD-3-Clause
/* Cost of MPI calls and region pairs, in ns per call: the best of 5 rounds of N calls each, so
 * that a noisy machine's interruptions do not count. Run by bench/overhead.sh with and without
 * the profiler (and under DLB TALP); the difference is what each adds. The region API is looked
 * up at run time, tally's or DLB's monitoring regions, so that without a preload nothing of
 * either is loaded. Usage: overhead [calls=1000000] */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

#include "best_of.h"

/* A region pair through whichever region API is loaded: tally's, or DLB's monitoring regions
 * (DLB_MonitoringRegionRegister/Start/Stop, whose handle is a pointer). 0 when neither is. */
static double region_pair_ns(long calls) {
  double pair = 0.0;
  tally_region_t (*tally_register)(const char*) =
      (tally_region_t(*)(const char*))dlsym(RTLD_DEFAULT, "tally_region_register");
  void* (*dlb_register)(const char*) = (void* (*)(const char*))dlsym(RTLD_DEFAULT, "DLB_MonitoringRegionRegister");
  if (tally_register) {
    void (*open_region)(tally_region_t) = (void (*)(tally_region_t))dlsym(RTLD_DEFAULT, "tally_region_start");
    void (*close_region)(tally_region_t) = (void (*)(tally_region_t))dlsym(RTLD_DEFAULT, "tally_region_stop");
    const tally_region_t region = tally_register("bench");
    BEST_OF_5(pair, calls, open_region(region); close_region(region));
  } else if (dlb_register) {
    int (*open_region)(void*) = (int (*)(void*))dlsym(RTLD_DEFAULT, "DLB_MonitoringRegionStart");
    int (*close_region)(void*) = (int (*)(void*))dlsym(RTLD_DEFAULT, "DLB_MonitoringRegionStop");
    void* region = dlb_register("bench");
    BEST_OF_5(pair, calls, open_region(region); close_region(region));
  }
  return pair;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const long calls = argc > 1 ? atol(argv[1]) : 1000000;
  int rank = 0;
  double value = 1.0, sum = 0.0, comm_rank = 0.0, allreduce = 0.0, barrier = 0.0, sendrecv = 0.0;
  BEST_OF_5(comm_rank, calls, MPI_Comm_rank(MPI_COMM_WORLD, &rank));
  BEST_OF_5(allreduce, calls, MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
  BEST_OF_5(barrier, calls, MPI_Barrier(MPI_COMM_WORLD));
  /* To itself: a point-to-point call with both payloads counted (bytes sent and received). */
  BEST_OF_5(
      sendrecv, calls,
      MPI_Sendrecv(&value, 1, MPI_DOUBLE, rank, 0, &sum, 1, MPI_DOUBLE, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
  const double region_pair = region_pair_ns(calls);
  if (rank == 0) {
    printf("MPI_Comm_rank %.1f\nMPI_Allreduce %.1f\nMPI_Barrier %.1f\nMPI_Sendrecv %.1f\nregion_pair %.1f\n", comm_rank,
           allreduce, barrier, sendrecv, region_pair);
  }
  MPI_Finalize();
  return 0;
}
