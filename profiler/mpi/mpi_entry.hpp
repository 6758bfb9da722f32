// SPDX-License-Identifier: BSD-3-Clause
// The entry points of the generated wrappers in a process that runs another family's MPI
// (loaded_mpi.hpp): there a wrapper must hand the caller's arguments on whole, though this library's
// mpi.h may type a handle narrower than the program's MPI passes it (an int of the MPICH family
// where Open MPI passes a pointer), which compiled C is free to cut to that width.
#pragma once

#include <atomic>
#include <dlfcn.h>

/// Whether the wrappers only pass calls through, untouched: set once at MPI_Init (no other MPI call
/// may come before it), read by every entry point. Defined with the generated C wrappers.
extern "C" __attribute__((visibility("hidden"))) std::atomic<bool> tally_mpi_passing_through;

namespace tally::profiler::mpi {

/// The definition of a Fortran entry point after this library's: the MPI's own, which a Fortran
/// wrapper passing through calls rather than its profiling twin, as another family names its twins
/// otherwise (Open MPI's pmpi_barrier_f08_ is MPICH's pmpir_barrier_f08_). Null where none.
inline void* next_definition(const char* entry) noexcept { return dlsym(RTLD_NEXT, entry); }

} // namespace tally::profiler::mpi

/// Marks a measured wrapper behind an entry point: reached from the entry's assembly only, it is
/// kept, and not exported.
#define TALLY_MPI_MEASURED __attribute__((used, visibility("hidden")))

// TALLY_MPI_ENTRY(MPI_Send): the C entry point MPI_Send. On x86-64, a few instructions that jump,
// every register and the stack as the caller left them, to PMPI_Send while passing through and to
// the measured wrapper tally_measured_MPI_Send otherwise. Elsewhere MPI_Send is the measured
// wrapper itself (an alias), which does not pass another family's MPI through.
#if defined(__x86_64__)
#define TALLY_MPI_ENTRY(name)                                                                                          \
  asm(".text\n"                                                                                                        \
      ".globl " #name "\n"                                                                                             \
      ".type " #name ", @function\n" #name ":\n"                                                                       \
      "  cmpb $0, tally_mpi_passing_through(%rip)\n"                                                                   \
      "  jne P" #name "@PLT\n"                                                                                         \
      "  jmp tally_measured_" #name "\n"                                                                               \
      ".size " #name ", . - " #name "\n");
#else
#define TALLY_MPI_ENTRY(name)                                                                                          \
  extern "C" decltype(tally_measured_##name) name __attribute__((alias("tally_measured_" #name)));
#endif
