// SPDX-License-Identifier: BSD-3-Clause
/* Cost of the runtime queries (tally.h), in ns per call, best of 5 rounds: a local query of an open
 * and of a closed region with `threads` threads registered (each has visited the region: the query
 * reads every thread), and the collective query over MPI_COMM_WORLD, beside a region pair and an
 * MPI_Allreduce of one double as anchors. Linked to the API's stand-in: without the preload the
 * queries answer "not measured" at the cost of a function call. Run by bench/query_cost.sh.
 * Usage: query_cost [calls=100000] [threads=1] */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

#include "best_of.h"

static tally_region_t region;

static void* visit_once(void* unused) {
  (void)unused;
  tally_region_start(region);
  tally_region_stop(region);
  return NULL;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const long calls = argc > 1 ? atol(argv[1]) : 100000;
  const int threads = argc > 2 ? atoi(argv[2]) : 1;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  region = tally_region_register("bench");
  for (int t = 1; t < threads; ++t) {
    pthread_t thread;
    pthread_create(&thread, NULL, visit_once, NULL);
    pthread_join(thread, NULL);
  }
  tally_measures measures = {.size = sizeof measures};
  tally_metrics metrics = {.size = sizeof metrics};
  double pair = 0.0, closed = 0.0, open = 0.0, collective = 0.0, allreduce = 0.0, value = 1.0, sum = 0.0;
  BEST_OF_5(pair, calls, tally_region_start(region); tally_region_stop(region));
  BEST_OF_5(closed, calls, tally_region_measures(region, &measures));
  tally_region_start(region);
  BEST_OF_5(open, calls, tally_region_measures(region, &measures));
  tally_region_stop(region);
  BEST_OF_5(collective, calls / 10,
            tally_region_metrics(region, MPI_Comm_c2f(MPI_COMM_WORLD), TALLY_ALL_RANKS, &metrics));
  BEST_OF_5(allreduce, calls / 10, MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
  if (rank == 0)
    printf(
        "region_pair %.1f\nlocal_query_closed %.1f\nlocal_query_open %.1f\ncollective_query %.1f\nMPI_Allreduce %.1f\n",
        pair, closed, open, collective, allreduce);
  MPI_Finalize();
  return 0;
}
