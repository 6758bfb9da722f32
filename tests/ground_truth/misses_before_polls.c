// SPDX-License-Identifier: BSD-3-Clause
/* The latency of a cache miss the program leaves in flight before an MPI call is useful time, as
 * in HPCC's RandomAccess. Each rank posts 16 receives that stay pending for the whole region, then
 * repeats: 4 updates of a 256 MB table at random places (each a cache and TLB miss: 80 ns or more
 * of memory latency on current processors, the 4 overlapping), then one MPI_Testany over the 16
 * requests, which finds nothing (in Open MPI a scan of the requests and one progress poll: a few
 * tens of ns; in MPICH its progress engine, about as long as the misses; plus what tally adds per
 * call, about 40 ns split around it). So the region's communication efficiency (the useful time
 * over the elapsed time) is about 0.6 with Open MPI and 0.5 with MPICH, higher where memory is
 * slower. A clock read that runs ahead of the updates still in flight (an unordered rdtsc) books
 * their latency inside the MPI call: efficiency about 0.1. More updates per poll would not
 * separate the two: past the reorder window an unordered read waits for the early ones as well.
 * Usage: misses_before_polls */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <tally.h>

enum { requests = 16, updates_per_poll = 4, tag = 5 };
static const long steps = 1000000;
static const size_t table_words = (size_t)1 << 25; /* 256 MB, above any last-level cache */

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int other = 1 - rank;
  uint64_t* table = malloc(table_words * sizeof *table);
  if (!table) MPI_Abort(MPI_COMM_WORLD, 1);
  for (size_t word = 0; word < table_words; ++word)
    table[word] = word;
  MPI_Request pending[requests];
  double received[requests];
  for (int request = 0; request < requests; ++request)
    MPI_Irecv(&received[request], 1, MPI_DOUBLE, other, tag, MPI_COMM_WORLD, &pending[request]);
  MPI_Barrier(MPI_COMM_WORLD);

  const tally_region_t region = tally_region_register("updates_between_polls");
  tally_region_start(region);
  uint64_t random = 1 + (uint64_t)rank; /* HPCC's generator: shift, and the polynomial on carry */
  for (long step = 0; step < steps; ++step) {
    for (int update = 0; update < updates_per_poll; ++update) {
      random = (random << 1) ^ ((int64_t)random < 0 ? 7 : 0);
      table[random & (table_words - 1)] ^= random;
    }
    int index = 0, found = 0;
    MPI_Testany(requests, pending, &index, &found, MPI_STATUS_IGNORE);
    if (found) MPI_Abort(MPI_COMM_WORLD, 2); /* nobody sends before both ranks left the region */
  }
  tally_region_stop(region);
  MPI_Barrier(MPI_COMM_WORLD);

  for (int request = 0; request < requests; ++request) {
    const double value = request;
    MPI_Send(&value, 1, MPI_DOUBLE, other, tag, MPI_COMM_WORLD);
  }
  MPI_Waitall(requests, pending, MPI_STATUSES_IGNORE);
  if (rank == 0) printf("misses_before_polls: done (%llu)\n", (unsigned long long)table[random & 1023]);
  free(table);
  MPI_Finalize();
  return 0;
}
