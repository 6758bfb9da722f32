// SPDX-License-Identifier: BSD-3-Clause
/* Each rank registers only the regions it enters, so the run's regions are the union of the
 * ranks'. For 7 ranks (not a power of two: the end of run merges them up an uneven tree):
 * - "outer_even" on the even ranks, "outer_odd" on the odd ones, under Global;
 * - "shared" on every rank: inside outer_even for 61 ms on the 4 even ranks (244 ms in all),
 *   inside outer_odd for 66 ms on the 3 odd ranks (198 ms): its parent is outer_even by the sum,
 *   although each odd rank alone spent longer under outer_odd, which is its other parent;
 * - "solo_<'g' - rank>" on that rank alone, inside shared (solo_g on rank 0 ... solo_a on rank 6);
 * - "tail" on ranks 5 and 6: 2 ms under Global on rank 5, 20 ms inside outer_even on rank 6.
 * Times are sleeps, so that 7 ranks on few cores keep them. Usage: regions_across_ranks */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include <mpi.h>
#include <tally.h>
#include <time.h>

static void sleep_ms(long ms) {
  struct timespec wait = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&wait, &wait) != 0) {
  }
}

/* Registers, enters and leaves the region `name` around `ms` of sleep. */
static void timed_region(const char* name, long ms) {
  const tally_region_t region = tally_region_register(name);
  tally_region_start(region);
  sleep_ms(ms);
  tally_region_stop(region);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int even = rank % 2 == 0;
  char solo_name[] = "solo_?";
  solo_name[5] = (char)('g' - rank % 7);

  const tally_region_t outer = tally_region_register(even ? "outer_even" : "outer_odd");
  const tally_region_t shared = tally_region_register("shared");
  if (rank == 5) timed_region("tail", 2);
  tally_region_start(outer);
  tally_region_start(shared);
  timed_region(solo_name, 1);
  sleep_ms(even ? 60 : 65);
  tally_region_stop(shared);
  if (rank == 6) timed_region("tail", 20);
  tally_region_stop(outer);
  MPI_Finalize();
  return 0;
}
