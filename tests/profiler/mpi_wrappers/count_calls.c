// SPDX-License-Identifier: BSD-3-Clause
/* Makes known MPI calls on two ranks and checks that the generated C wrappers reported each one
   exactly once through enter/leave, reported the payload bytes of their arguments, and forwarded
   arguments and results untouched. */
#include <mpi.h>
#include <stdio.h>

#include "call_counter.h"

static int rank = -1;
static int failures = 0;

static void expect(int condition, const char* what) {
  if (!condition) {
    fprintf(stderr, "rank %d: %s\n", rank, what);
    ++failures;
  }
}

static void expect_calls(const char* name, long expected) {
  const long counted = tally_test_calls(name);
  if (counted != expected) {
    fprintf(stderr, "rank %d: %s counted %ld times, expected %ld\n", rank, name, counted, expected);
    ++failures;
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank); /* a local query: not in the table */
  const int peer = 1 - rank;

  int received = -1;
  for (int i = 0; i < 3; ++i) {
    if (rank == 0)
      MPI_Send(&i, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
    else
      MPI_Recv(&received, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Request requests[2];
  int from_peer = -1;
  MPI_Isend(&rank, 1, MPI_INT, peer, 1, MPI_COMM_WORLD, &requests[0]);
  MPI_Irecv(&from_peer, 1, MPI_INT, peer, 1, MPI_COMM_WORLD, &requests[1]);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Barrier(dup);
  int rank_sum = -1;
  const int result = MPI_Allreduce(&rank, &rank_sum, 1, MPI_INT, MPI_SUM, dup);
  MPI_Comm_free(&dup);
  /* MPI 4.0 (MPICH 4): MPI_Isendrecv, a row of 4.0, completed by MPI_Wait (4 bytes each way), and
     the large-count MPI_Bcast_c, counted as MPI_Bcast with its MPI_Count as the payload's count
     (two ints: 8 collective bytes). */
  const long mpi4 = MPI_VERSION >= 4;
#if MPI_VERSION >= 4
  int swapped = -1;
  MPI_Request request;
  MPI_Isendrecv(&rank, 1, MPI_INT, peer, 2, &swapped, 1, MPI_INT, peer, 2, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  expect(swapped == peer, "MPI_Isendrecv did not receive the peer's rank");
  int pair[2] = {rank, rank};
  MPI_Bcast_c(pair, 2, MPI_INT, 0, MPI_COMM_WORLD);
  expect(pair[0] == 0 && pair[1] == 0, "MPI_Bcast_c did not broadcast rank 0's pair");
#endif

  expect_calls(rank == 0 ? "MPI_Send" : "MPI_Recv", 3);
  expect_calls(rank == 0 ? "MPI_Recv" : "MPI_Send", 0);
  expect_calls("MPI_Isend", 1);
  expect_calls("MPI_Irecv", 1);
  expect_calls("MPI_Waitall", 1);
  expect_calls("MPI_Comm_dup", 1);
  expect_calls("MPI_Barrier", 1);
  expect_calls("MPI_Allreduce", 1);
  expect_calls("MPI_Comm_free", 1);
  expect_calls("MPI_Bcast", mpi4);
  expect_calls("MPI_Isendrecv", mpi4 ? 1 : -1); /* not in the table below MPI 4.0 */
  expect_calls("MPI_Wait", mpi4);
  expect_calls("MPI_Comm_rank", -1);
  expect(tally_test_total_calls() == 10 + 3 * mpi4, "calls outside those made were counted");
  expect(tally_test_unbalanced() == 0, "enter and leave did not pair up");
  /* Bytes by hand, with 4-byte ints: rank 0 sends three ints and Isends one (16), Irecvs one (4);
     rank 1 receives three and Irecvs one (16), Isends one (4); the Allreduce hands one int (4). */
  expect(tally_test_payload_bytes(0) == (rank == 0 ? 16 : 4) + 4 * mpi4, "bytes sent differ from 4 x ints sent");
  expect(tally_test_payload_bytes(1) == (rank == 0 ? 4 : 16) + 4 * mpi4, "bytes received differ from 4 x ints posted");
  expect(tally_test_payload_bytes(2) == 4 + 8 * mpi4,
         "collective bytes differ from the one int of the Allreduce (and the pair of MPI_Bcast_c)");
  expect(rank == 0 || received == 2, "MPI_Recv did not receive what MPI_Send sent");
  expect(from_peer == peer, "MPI_Irecv did not receive what MPI_Isend sent");
  expect(result == MPI_SUCCESS && rank_sum == 1, "MPI_Allreduce did not return its result");

  MPI_Finalize();
  if (failures == 0) printf("rank %d: every call counted once\n", rank);
  return failures == 0 ? 0 : 1;
}
