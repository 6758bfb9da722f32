// SPDX-License-Identifier: BSD-3-Clause
/* What the wrapper link tests ask the test stand-in of the profiler's MPI state (call_counter.cpp):
   how many calls the generated wrappers reported, for C and Fortran test programs alike. */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

/* Completed outermost enter/leave pairs of the named MPI function, or -1 if it is not in the table. */
long tally_test_calls(const char* name);
/* Completed outermost enter/leave pairs over all functions. */
long tally_test_total_calls(void);
/* Bytes the wrappers reported through add_payload: 0 sent, 1 received, 2 collective (mpi::Payload). */
long tally_test_payload_bytes(int payload);
/* leave() calls that closed no call, or a different call than the open one. */
long tally_test_unbalanced(void);

#ifdef __cplusplus
}
#endif
