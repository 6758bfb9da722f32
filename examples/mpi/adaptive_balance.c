// SPDX-License-Identifier: BSD-3-Clause
/* A program that reads its own load balance while it runs and acts on it (tally.h's queries).
 * Every step spreads `items` work items over the ranks; an item costs rank r (r+1) units, as if
 * its part of the domain were heavier. After `check` steps of an even split, the program asks
 * tally for the load balance of "compute" across MPI_COMM_WORLD; below 0.9 it measures each
 * rank's cost per item (its own useful time, a local query) and gives each rank a share of the
 * items inversely proportional to its cost. At 2 ranks: 0.75 before, split 40/20 of 60 after,
 * and over the whole run (10 uneven, 30 even steps) "compute" has load balance
 * (10*30 + 30*40 + 10*60 + 30*40) / (2 * (10*60 + 30*40)) = 3300/3600 = 0.917.
 * Without the profiler the queries say "not measured" and the split stays even.
 * Usage: adaptive_balance [unit_ms=0.5] [steps=40] [check=10] [items=60] */
#include "work.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

/* Shares inversely proportional to each rank's cost per item, rounded; the last rank takes the rest. */
static int rebalanced_share(const double* cost, int ranks, int rank, int items) {
  double speed = 0.0;
  for (int r = 0; r < ranks; ++r)
    speed += 1.0 / cost[r];
  int given = 0;
  for (int r = 0; r < ranks - 1; ++r) {
    const int share = (int)(items * (1.0 / cost[r]) / speed + 0.5);
    if (r == rank) return share;
    given += share;
  }
  return items - given;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const double unit = (argc > 1 ? atof(argv[1]) : 0.5) / 1000.0;
  const int steps = argc > 2 ? atoi(argv[2]) : 40;
  const int check = argc > 3 ? atoi(argv[3]) : 10;
  const int items = argc > 4 ? atoi(argv[4]) : 60;
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const tally_region_t compute = tally_region_register("compute");

  int share = items / ranks + (rank < items % ranks ? 1 : 0);
  long long done = 0;
  double checksum = 0.0;
  for (int step = 0; step < steps; ++step) {
    tally_region_start(compute);
    checksum += compute_for(share * (rank + 1) * unit);
    tally_region_stop(compute);
    done += share;
    MPI_Barrier(MPI_COMM_WORLD);
    if (step + 1 != check) continue;

    tally_metrics balance = {.size = sizeof balance};
    if (tally_region_metrics(compute, MPI_Comm_c2f(MPI_COMM_WORLD), TALLY_ALL_RANKS, &balance) != TALLY_OK) {
      if (rank == 0) printf("adaptive_balance: not measured; the split stays even\n");
      continue;
    }
    tally_measures mine = {.size = sizeof mine};
    tally_region_measures(compute, &mine);
    double cost = (double)mine.useful_ns / (double)done;
    double* costs = malloc(sizeof(double) * (size_t)ranks);
    MPI_Allgather(&cost, 1, MPI_DOUBLE, costs, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    if (balance.mpi_load_balance < 0.9) share = rebalanced_share(costs, ranks, rank, items);
    free(costs);
    if (rank == 0)
      printf("adaptive_balance: load balance %.2f after %d steps; share of rank 0 now %d of %d\n",
             balance.mpi_load_balance, check, share, items);
  }
  if (rank == 0) printf("adaptive_balance: %d steps, checksum %.3f\n", steps, checksum);
  MPI_Finalize();
  return 0;
}
