// SPDX-License-Identifier: BSD-3-Clause
// Fortran entry points of MPI_Init, MPI_Init_thread, MPI_Finalize and MPI_Abort. Bindings that
// call the C PMPI functions directly (Open MPI's, MPICH's mpi_f08) bypass the C wrappers. Which
// entry points exist, and the profiling twin each forwards to, the generator reads from the MPI's
// Fortran libraries (fortran_lifecycle_entries.inc). Every argument is passed by reference; the
// last one is the Fortran ierror. Where a binding calls the C function (MPICH's mpif.h), the C
// wrapper runs too: starting and ending the run are idempotent.
#include "mpi/mpi_entry.hpp"
#include "mpi/mpi_lifecycle.hpp"

#include <mpi.h>

using Fint = MPI_Fint;

namespace {

/// The profiling twin of a Fortran entry point, or, in a process that runs another family's MPI,
/// which names its twins otherwise (Open MPI's pmpi_init_f08_ is MPICH's pmpir_init_f08_), that
/// MPI's own entry point; whether it is ours is known only once it is initialised (loaded_mpi.hpp).
template <typename Function> Function* twin_or_own(Function* twin, const char* entry) {
  return twin ? twin : reinterpret_cast<Function*>(tally::profiler::mpi::next_definition(entry));
}

} // namespace

#define TALLY_FORTRAN_PROFILED(name, pname, params, args, before, after)                                               \
  extern "C" void pname params __attribute__((weak));                                                                  \
  extern "C" void name params {                                                                                        \
    before;                                                                                                            \
    if (auto* const target = twin_or_own(&pname, #name)) target args;                                                  \
    after;                                                                                                             \
  }

namespace lifecycle = tally::profiler::mpi;

#define TALLY_FORTRAN_MPI_Init(name, pname)                                                                            \
  TALLY_FORTRAN_PROFILED(name, pname, (Fint * ierror), (ierror), (void)0, lifecycle::on_initialized())
#define TALLY_FORTRAN_MPI_Init_thread(name, pname)                                                                     \
  TALLY_FORTRAN_PROFILED(name, pname, (Fint * required, Fint * provided, Fint * ierror), (required, provided, ierror), \
                         (void)0, lifecycle::on_initialized())
#define TALLY_FORTRAN_MPI_Finalize(name, pname)                                                                        \
  TALLY_FORTRAN_PROFILED(name, pname, (Fint * ierror), (ierror), lifecycle::on_finalize(), (void)0)
#define TALLY_FORTRAN_MPI_Abort(name, pname)                                                                           \
  TALLY_FORTRAN_PROFILED(name, pname, (Fint * comm, Fint * errorcode, Fint * ierror), (comm, errorcode, ierror),       \
                         lifecycle::on_abort(), (void)0)
#define TALLY_FORTRAN_LIFECYCLE(function, name, pname) TALLY_FORTRAN_##function(name, pname)

#include "fortran_lifecycle_entries.inc"
