// SPDX-License-Identifier: BSD-3-Clause
// The start and end of an MPI run, shared by the C and Fortran entry points of MPI_Init,
// MPI_Init_thread, MPI_Finalize and MPI_Abort.
#pragma once

namespace tally::profiler::mpi {

/// After the real MPI_Init / MPI_Init_thread returned: starts the run (Global).
void on_initialized();
/// Before the real MPI_Finalize: ends the run, reduces across ranks, rank 0 writes.
void on_finalize();
/// Before the real MPI_Abort: the run is given up, no document.
void on_abort();

} // namespace tally::profiler::mpi
