// SPDX-License-Identifier: BSD-3-Clause
/* The end of run's cost as rank 0 sees it (bench/end_of_run.sh): every rank enters REGIONS
 * regions once (register, start, stop: a few microseconds), then all wait in a barrier, and rank 0
 * times MPI_Finalize (the profiler's reduction and document, then MPI's own finalisation) and
 * reads how much its peak resident memory (VmHWM) rose during it. The barrier makes the ranks
 * arrive together, so that the time is not one rank waiting for the last to start.
 * Prints "end_of_run_ms T peak_memory_added_kib M". Usage: end_of_run REGIONS */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tally.h>
#include <time.h>

/* VmHWM of /proc/self/status, in KiB; -1 when it cannot be read. */
static long peak_resident_kib(void) {
  FILE* status = fopen("/proc/self/status", "r");
  if (!status) return -1;
  char line[256];
  long kib = -1;
  while (fgets(line, sizeof line, status))
    if (strncmp(line, "VmHWM:", 6) == 0) kib = strtol(line + 6, NULL, 10);
  fclose(status);
  return kib;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int regions = argc > 1 ? atoi(argv[1]) : 10;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int r = 0; r < regions; ++r) {
    char name[32];
    snprintf(name, sizeof name, "region_%05d", r);
    const tally_region_t region = tally_region_register(name);
    tally_region_start(region);
    tally_region_stop(region);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const long peak_before = peak_resident_kib();
  const double start = now_ms();
  MPI_Finalize();
  const double end = now_ms();
  const long peak_after = peak_resident_kib();
  if (rank == 0) printf("end_of_run_ms %.1f peak_memory_added_kib %ld\n", end - start, peak_after - peak_before);
  return 0;
}
