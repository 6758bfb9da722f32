// SPDX-License-Identifier: BSD-3-Clause
/* The local query (tally_region_measures) of a program without MPI, checked against the work it
 * did: the main thread is busy for 2 x 100 ms inside "work"; between the halves a second thread
 * asks for "work", which is open: 1 visit, open, elapsed and useful time as long as the program's
 * own clock says the region has been open (a loaded runner stretches sleeps), no MPI. After the
 * stop the main thread asks again: closed, 1 visit, about 200 ms. Usage: region_queries
 * measured|unmeasured; "unmeasured" (no libtally.so preloaded) expects TALLY_NOT_MEASURED from
 * every query. Exit 0 when every answer is the expected one; one line per wrong answer. */
#include "work.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <tally.h>

static int failures = 0;
static int measured = 0;
static tally_region_t work;

static void expect(int holds, const char* what, long long value) {
  if (holds) return;
  printf("region_queries: %s (got %lld)\n", what, value);
  ++failures;
}

static struct timespec opened;

/* Milliseconds since the region opened, by the program's clock. */
static double open_for_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return 1e3 * (double)(now.tv_sec - opened.tv_sec) + 1e-6 * (double)(now.tv_nsec - opened.tv_nsec);
}

/* Within 5 ms of `ms` milliseconds. */
static int about_ms(long long ns, double ms) { return ns > (ms - 5.0) * 1e6 && ns < (ms + 5.0) * 1e6; }

static int query(tally_region_t region, tally_measures* out) {
  memset(out, 0, sizeof *out);
  out->size = sizeof *out;
  const int result = tally_region_measures(region, out);
  expect(result == (measured ? TALLY_OK : TALLY_NOT_MEASURED), "query result", result);
  return result == TALLY_OK;
}

static void* ask_while_open(void* unused) {
  (void)unused;
  tally_measures so_far;
  const int answered = query(work, &so_far);
  const double expected_ms = open_for_ms();
  if (!answered) return NULL;
  expect(so_far.open == 1, "open while the main thread is inside", so_far.open);
  expect(so_far.visits == 1, "one visit, the open one", (long long)so_far.visits);
  expect(about_ms(so_far.elapsed_ns, expected_ms), "elapsed as long as the region has been open", so_far.elapsed_ns);
  expect(about_ms(so_far.useful_ns, expected_ms), "useful as long as the region has been open", so_far.useful_ns);
  expect(so_far.mpi_ns == 0, "no MPI time", so_far.mpi_ns);
  return NULL;
}

int main(int argc, char** argv) {
  measured = argc > 1 && strcmp(argv[1], "measured") == 0;
  work = tally_region_register("work");
  tally_measures so_far;
  if (query(work, &so_far)) expect(so_far.visits == 0 && so_far.open == 0, "no visit before the start", 0);

  clock_gettime(CLOCK_MONOTONIC, &opened);
  tally_region_start(work);
  compute_for(0.1);
  pthread_t asker;
  pthread_create(&asker, NULL, ask_while_open, NULL);
  pthread_join(asker, NULL);
  compute_for(0.1);
  tally_region_stop(work);
  const double closed_after_ms = open_for_ms();

  if (query(work, &so_far)) {
    expect(so_far.open == 0, "closed after the stop", so_far.open);
    expect(so_far.visits == 1, "one visit", (long long)so_far.visits);
    expect(about_ms(so_far.elapsed_ns, closed_after_ms), "elapsed as long as the region was open", so_far.elapsed_ns);
    expect(about_ms(so_far.useful_ns, closed_after_ms), "useful as long as the region was open", so_far.useful_ns);
  }
  if (measured) {
    expect(tally_region_measures(work + 1000, &so_far) == TALLY_UNKNOWN_REGION, "an unknown handle", work + 1000);
  }
  so_far.size = 1;
  expect(tally_region_measures(work, &so_far) == TALLY_BAD_ARGUMENT, "a wrong size", 1);
  expect(tally_region_measures(work, NULL) == TALLY_BAD_ARGUMENT, "no result", 0);
  if (failures == 0) printf("region_queries: every answer as expected (%s)\n", measured ? "measured" : "not measured");
  return failures == 0 ? 0 : 1;
}
