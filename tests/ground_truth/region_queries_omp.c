// SPDX-License-Identifier: BSD-3-Clause
/* The local query of an OpenMP program, asked by the master between parallel loops: the
 * triangular loop of examples/openmp/triangular.c (8 iterations of i+1 units of 10 ms under
 * schedule(static) on 2 threads: thread 0 works 10 units and waits 16, thread 1 works 26). A
 * loaded runner stretches sleeps, so the program times its own work: the expected useful time is
 * the threads' busy time, the expected OpenMP time each thread's time in the loop outside its
 * work, the expected elapsed time the region's wall time, each from the program's clock. After
 * the first loop "loop" is open with 1 visit; after the second and the stop it is closed, with
 * 1 visit and both loops. No MPI: the collective query cannot be made (TALLY_FAILED).
 * Exit 0 when every answer is the expected one. */
#include "work.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <tally.h>

static const double unit_s = 0.010;
static int failures = 0;

/* What the program's own clock says, in seconds. */
static double busy = 0.0, in_loops = 0.0, region_start = 0.0;

static void expect_about(double measured_ns, double expected_s, const char* what) {
  if (fabs(measured_ns / 1e9 - expected_s) < 0.010) return;
  printf("region_queries_omp: %s: %.3f s, the program measured %.3f s\n", what, measured_ns / 1e9, expected_s);
  ++failures;
}

static void triangular_loop(void) {
  const double start = omp_get_wtime();
  double worked = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : worked)
  for (int i = 0; i < 8; ++i) {
    const double begin = omp_get_wtime();
    compute_for((i + 1) * unit_s);
    worked += omp_get_wtime() - begin;
  }
  busy += worked;
  in_loops += 2 * (omp_get_wtime() - start);
}

static void check(tally_region_t loop, int loops, int open) {
  const double elapsed = omp_get_wtime() - region_start;
  tally_measures so_far = {.size = sizeof so_far};
  if (tally_region_measures(loop, &so_far) != TALLY_OK || so_far.open != open || so_far.visits != 1 ||
      so_far.omp_parallels != (unsigned long long)loops) {
    printf("region_queries_omp: open %d, visits %llu, parallel regions %llu\n", so_far.open, so_far.visits,
           so_far.omp_parallels);
    ++failures;
  }
  expect_about((double)so_far.useful_ns, busy, "useful time of both threads");
  expect_about((double)so_far.openmp_ns, in_loops - busy, "OpenMP time (waiting at the loops' end)");
  expect_about((double)so_far.elapsed_ns, elapsed, "elapsed time");
}

int main(void) {
  const tally_region_t loop = tally_region_register("loop");
  region_start = omp_get_wtime();
  tally_region_start(loop);
  triangular_loop();
  check(loop, 1, 1);
  triangular_loop();
  tally_region_stop(loop);
  check(loop, 2, 0);
  tally_metrics across = {.size = sizeof across};
  if (tally_region_metrics(loop, 0, TALLY_ALL_RANKS, &across) != TALLY_FAILED) {
    printf("region_queries_omp: a collective query without MPI was answered\n");
    ++failures;
  }
  if (failures == 0) printf("region_queries_omp: every answer as expected\n");
  return failures == 0 ? 0 : 1;
}
