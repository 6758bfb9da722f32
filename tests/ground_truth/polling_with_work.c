// SPDX-License-Identifier: BSD-3-Clause
/* Computation between polls is useful time; only the polls are MPI time. In each region, rank 1
 * computes 200 ms, then sends one message; rank 0 polls for it (MPI_Test in one region,
 * MPI_Iprobe in the other) and computes 1 ms between two polls that found nothing, as programs
 * that overlap communication with computation do. Both ranks are busy for the whole region, so
 * its load balance is 1 (useful 200 ms on each rank, within one 1 ms step) and its parallel
 * efficiency near 1. A rule that booked the time between empty polls as MPI time would give rank
 * 0 no useful time and a load balance of 0.5. Usage: polling_with_work */
#include "work.h"

#include <mpi.h>
#include <stdio.h>
#include <tally.h>

enum { tag = 7 };
static const double late_seconds = 0.2, step_seconds = 0.001;

static void poll_with_test(double* value) {
  MPI_Request request;
  MPI_Irecv(value, 1, MPI_DOUBLE, 1, tag, MPI_COMM_WORLD, &request);
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    compute_for(step_seconds);
  }
}

static void poll_with_iprobe(double* value) {
  for (int found = 0;;) {
    MPI_Iprobe(1, tag, MPI_COMM_WORLD, &found, MPI_STATUS_IGNORE);
    if (found) break;
    compute_for(step_seconds);
  }
  MPI_Recv(value, 1, MPI_DOUBLE, 1, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void exchange(const char* name, void (*poll)(double*), int rank) {
  const tally_region_t region = tally_region_register(name);
  double value = rank;
  tally_region_start(region);
  if (rank == 1) {
    compute_for(late_seconds);
    MPI_Send(&value, 1, MPI_DOUBLE, 0, tag, MPI_COMM_WORLD);
  } else {
    poll(&value);
  }
  tally_region_stop(region);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  exchange("test_with_work", poll_with_test, rank);
  exchange("iprobe_with_work", poll_with_iprobe, rank);
  if (rank == 0) printf("polling_with_work: done\n");
  MPI_Finalize();
  return 0;
}
