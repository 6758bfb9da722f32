// SPDX-License-Identifier: BSD-3-Clause
// What an MPI wrapper calls around the real PMPI function: the MPI state of the calling thread
// and its counts. enter/leave are O(1): one clock read (plus one counter read with counters on)
// and a few increments of the thread's running counts, no allocation, lock, system call or
// logging. Nested calls (an MPI function called from inside MPI, as some MPI-IO implementations
// do) only count once.
#pragma once

#include <mpi.h>

#include <cstdint>

namespace tally::profiler::mpi {

/// Dense index of an intercepted MPI function (generated from mpi_calls.tsv).
using CallId = std::uint16_t;

void enter(CallId call) noexcept;
void leave(CallId call) noexcept;

/// Where the bytes of a call's payload are counted (model/region_counts.hpp).
enum class Payload : std::uint8_t { sent, received, collective };

/// Between enter and leave of an outermost call: adds count × the datatype's size to the calling
/// thread's bytes of `payload`. A count of zero or less, or MPI_DATATYPE_NULL, adds nothing. The
/// count is an int, or an MPI_Count in a large-count variant (MPI_Send_c).
void add_payload(Payload payload, MPI_Count count, MPI_Datatype datatype) noexcept;
/// The same from a Fortran wrapper: `count` and `datatype` point at the Fortran INTEGERs (or
/// the TYPE(MPI_Datatype) of mpi_f08, whose only member is that INTEGER).
void add_fortran_payload(Payload payload, const void* count, const void* datatype) noexcept;

} // namespace tally::profiler::mpi
