// SPDX-License-Identifier: BSD-3-Clause
// Fortran entry points of MPI_Init, MPI_Init_thread, MPI_Finalize and MPI_Abort. Open MPI's
// Fortran bindings call the C PMPI functions directly, so the C wrappers never see these calls.
// Every argument is passed by reference; the last one is the Fortran ierror.
#include "mpi/mpi_lifecycle.hpp"

using Fint = int; // MPI_Fint of Open MPI's default Fortran integer

#define TALLY_FORTRAN_PROFILED(name, pname, params, args, before, after)                                               \
  extern "C" void pname params __attribute__((weak));                                                                  \
  extern "C" void name params {                                                                                        \
    before;                                                                                                            \
    pname args;                                                                                                        \
    after;                                                                                                             \
  }

// The four spellings compilers use for external Fortran names, plus the mpi_f08 module's.
#define TALLY_FORTRAN_ALL_NAMES(lower, upper, params, args, before, after)                                             \
  TALLY_FORTRAN_PROFILED(lower, p##lower, params, args, before, after)                                                 \
  TALLY_FORTRAN_PROFILED(lower##_, p##lower##_, params, args, before, after)                                           \
  TALLY_FORTRAN_PROFILED(lower##__, p##lower##__, params, args, before, after)                                         \
  TALLY_FORTRAN_PROFILED(upper, P##upper, params, args, before, after)                                                 \
  TALLY_FORTRAN_PROFILED(lower##_f08_, p##lower##_f08_, params, args, before, after)

namespace lifecycle = tally::profiler::mpi;

TALLY_FORTRAN_ALL_NAMES(mpi_init, MPI_INIT, (Fint * ierror), (ierror), (void)0, lifecycle::on_initialized())
TALLY_FORTRAN_ALL_NAMES(mpi_init_thread, MPI_INIT_THREAD, (Fint * required, Fint* provided, Fint* ierror),
                        (required, provided, ierror), (void)0, lifecycle::on_initialized())
TALLY_FORTRAN_ALL_NAMES(mpi_finalize, MPI_FINALIZE, (Fint * ierror), (ierror), lifecycle::on_finalize(), (void)0)
TALLY_FORTRAN_ALL_NAMES(mpi_abort, MPI_ABORT, (Fint * comm, Fint* errorcode, Fint* ierror), (comm, errorcode, ierror),
                        lifecycle::on_abort(), (void)0)
