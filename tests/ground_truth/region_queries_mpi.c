// SPDX-License-Identifier: BSD-3-Clause
/* The queries of an MPI program, checked against the work it did. Each of 8 steps is the region
 * "step": rank r computes (r+1) units of 20 ms in "compute", then waits in MPI_Barrier for the
 * slowest rank, P units. Asked in the middle, inside step 5 after its compute: "step" is open
 * with 5 visits, (r+1) x 5 units useful and (P-r-1) x 4 units of MPI (the 4 barriers passed);
 * as a loaded runner stretches sleeps and waits, the program times its computes and barriers
 * with its own clock and expects those within 5 ms.
 * Asked at the end, across MPI_COMM_WORLD: "compute" has load balance (P+1)/(2P) and
 * communication efficiency 1; with TALLY_RANKS_PER_NODE=2, on the caller's node only, node n
 * (ranks 2n, 2n+1: 2n+1 and 2n+2 units) has (4n+3)/(2(2n+2)). Rank 0 prints the metrics of
 * "compute" so that the test compares them with the run's document. Usage: region_queries_mpi
 * measured|unmeasured. Exit 0 when every answer is the expected one. */
#include "work.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tally.h>

static const double unit_ms = 20.0;
static int failures = 0;
static int rank = 0, ranks = 1;

static void expect(int holds, const char* what, double value) {
  if (holds) return;
  printf("region_queries_mpi: rank %d: %s (got %g)\n", rank, what, value);
  ++failures;
}

/* Within 5 ms of `seconds`, the program's own measure. */
static int about(long long ns, double seconds) { return fabs((double)ns / 1e9 - seconds) < 0.005; }

static void check_metrics(tally_region_t compute, int scope, int measured, double expected_balance) {
  tally_metrics across = {.size = sizeof across};
  const int result = tally_region_metrics(compute, MPI_Comm_c2f(MPI_COMM_WORLD), scope, &across);
  expect(result == (measured ? TALLY_OK : TALLY_NOT_MEASURED), "collective query result", result);
  if (result != TALLY_OK) return;
  expect(fabs(across.mpi_load_balance - expected_balance) < 0.03, "load balance of compute", across.mpi_load_balance);
  expect(fabs(across.mpi_communication_efficiency - 1.0) < 0.03, "communication efficiency of compute",
         across.mpi_communication_efficiency);
  expect(across.visits == (unsigned long long)(8 * (scope == TALLY_THIS_NODE ? 2 : ranks)), "visits of compute",
         (double)across.visits);
  expect(isnan(across.omp_load_balance), "no OpenMP metric without OpenMP", across.omp_load_balance);
  if (rank == 0 && scope == TALLY_ALL_RANKS)
    printf("tally-query compute mpi_load_balance %.6f mpi_parallel_efficiency %.6f\n", across.mpi_load_balance,
           across.mpi_parallel_efficiency);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int measured = argc > 1 && strcmp(argv[1], "measured") == 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const tally_region_t step = tally_region_register("step");
  const tally_region_t compute = tally_region_register("compute");

  double computing = 0.0, waiting = 0.0; /* seconds, by the program's clock */
  for (int i = 1; i <= 8; ++i) {
    tally_region_start(step);
    tally_region_start(compute);
    const double computed = MPI_Wtime();
    compute_for((rank + 1) * unit_ms / 1000.0);
    computing += MPI_Wtime() - computed;
    tally_region_stop(compute);
    if (i == 5) {
      tally_measures middle = {.size = sizeof middle};
      const int result = tally_region_measures(step, &middle);
      expect(result == (measured ? TALLY_OK : TALLY_NOT_MEASURED), "local query result", result);
      if (result == TALLY_OK) {
        expect(middle.open == 1 && middle.visits == 5, "step open with 5 visits", (double)middle.visits);
        expect(about(middle.useful_ns, computing), "useful time of step so far", (double)middle.useful_ns);
        expect(about(middle.mpi_ns, waiting), "MPI time of step so far", (double)middle.mpi_ns);
        expect(middle.mpi_calls == 4, "4 barriers so far", (double)middle.mpi_calls);
      }
    }
    const double arrived = MPI_Wtime();
    MPI_Barrier(MPI_COMM_WORLD);
    waiting += MPI_Wtime() - arrived;
    tally_region_stop(step);
  }
  check_metrics(compute, TALLY_ALL_RANKS, measured, (ranks + 1.0) / (2.0 * ranks));
  const char* per_node = getenv("TALLY_RANKS_PER_NODE");
  if (per_node && strcmp(per_node, "2") == 0) {
    const int node = rank / 2;
    check_metrics(compute, TALLY_THIS_NODE, measured, (4.0 * node + 3.0) / (2.0 * (2.0 * node + 2.0)));
  }
  if (rank == 0 && failures == 0) printf("region_queries_mpi: every answer as expected at %d ranks\n", ranks);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}
