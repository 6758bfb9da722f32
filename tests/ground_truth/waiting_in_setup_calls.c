// SPDX-License-Identifier: BSD-3-Clause
/* Time waiting in MPI calls that set up communication (communicator, topology, window and file
 * creation) is MPI time, never useful time. In each region, rank 1 computes 200 ms, then both
 * ranks make one call that cannot complete before rank 1 arrives; rank 0 arrives at once and
 * waits about 200 ms inside it. Booked as MPI time, each region has load balance
 * 200 / (2 x 200) = 0.5; booked as useful time it would be 1. Usage: waiting_in_setup_calls */
#include "work.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>
#include <unistd.h>

static int rank = 0;

/* Rank 1 is late by 200 ms; the region then holds the call. */
static tally_region_t arrive(const char* name) {
  const tally_region_t region = tally_region_register(name);
  tally_region_start(region);
  if (rank == 1) compute_for(0.2);
  return region;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char path[64];
  if (rank == 0) snprintf(path, sizeof path, "/tmp/tally_setup_calls_%d", (int)getpid());
  MPI_Bcast(path, sizeof path, MPI_CHAR, 0, MPI_COMM_WORLD);

  MPI_Comm split, duplicate, cartesian;
  tally_region_t region = arrive("comm_split");
  MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &split);
  tally_region_stop(region);

  region = arrive("comm_dup");
  MPI_Comm_dup(MPI_COMM_WORLD, &duplicate);
  tally_region_stop(region);

  const int dimensions[1] = {2}, periodic[1] = {0};
  region = arrive("cart_create");
  MPI_Cart_create(MPI_COMM_WORLD, 1, dimensions, periodic, 0, &cartesian);
  tally_region_stop(region);

  double exposed[4] = {0};
  MPI_Win window;
  region = arrive("win_create");
  MPI_Win_create(exposed, sizeof exposed, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &window);
  tally_region_stop(region);

  MPI_File file;
  region = arrive("file_open");
  MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                &file);
  tally_region_stop(region);

  MPI_File_close(&file);
  MPI_Win_free(&window);
  MPI_Comm_free(&cartesian);
  MPI_Comm_free(&duplicate);
  MPI_Comm_free(&split);
  if (rank == 0) printf("waiting_in_setup_calls: done\n");
  MPI_Finalize();
  return 0;
}
