// SPDX-License-Identifier: BSD-3-Clause
/* MPI counts known by construction, on 2 ranks, 4 iterations of "step" holding "halo" and
 * "reduce", then one more, empty, visit of "halo" directly under Global:
 *   halo under step, per visit: 5 ms of computing (so that step is where halo spends the most
 *     time), Isend + Irecv of 100 doubles (800 bytes each way), Waitall, Sendrecv of 10 ints
 *     (40 bytes each way);
 *   reduce, per visit: Allreduce of 3 doubles (24 bytes), Bcast of 5 ints (20), Barrier;
 *   step, per visit: rank 1 also calls MPI_Iprobe once (no payload).
 * The expected counts are in tests/ground_truth/CMakeLists.txt. */
#include "../../examples/mpi/work.h"

#include <mpi.h>
#include <stdio.h>
#include <tally.h>

enum { iterations = 4, halo_doubles = 100, swap_ints = 10, sum_doubles = 3, broadcast_ints = 5 };

static void halo_exchange(int peer) {
  double out[halo_doubles] = {compute_for(0.005)}, in[halo_doubles];
  MPI_Request requests[2];
  MPI_Isend(out, halo_doubles, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &requests[0]);
  MPI_Irecv(in, halo_doubles, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, &requests[1]);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  int mine[swap_ints] = {0}, theirs[swap_ints];
  MPI_Sendrecv(mine, swap_ints, MPI_INT, peer, 1, theirs, swap_ints, MPI_INT, peer, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
}

static void reduce(void) {
  double local[sum_doubles] = {1.0, 2.0, 3.0}, total[sum_doubles];
  MPI_Allreduce(local, total, sum_doubles, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  int settings[broadcast_ints] = {0};
  MPI_Bcast(settings, broadcast_ints, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank); /* a local query: not an intercepted call */
  const int peer = 1 - rank;
  const tally_region_t step = tally_region_register("step");
  const tally_region_t halo = tally_region_register("halo");
  const tally_region_t reducing = tally_region_register("reduce");
  for (int i = 0; i < iterations; ++i) {
    tally_region_start(step);
    tally_region_start(halo);
    halo_exchange(peer);
    tally_region_stop(halo);
    tally_region_start(reducing);
    reduce();
    tally_region_stop(reducing);
    if (rank == 1) {
      int flag = 0;
      MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    tally_region_stop(step);
  }
  tally_region_start(halo);
  tally_region_stop(halo);
  printf("mpi_counts: rank %d done\n", rank);
  MPI_Finalize();
  return 0;
}
