// SPDX-License-Identifier: BSD-3-Clause
// Whether the MPI the process runs is of the family this library was built for. A library of
// another family measures nothing and passes every call through untouched (mpi_entry.hpp): its
// handles are not the program's (Open MPI's are pointers, the MPICH family's integers), so the
// backend's own MPI calls would fail and its wrappers could cut the program's.
#pragma once

namespace tally::profiler::mpi {

/// At MPI_Init, once the MPI is there: true when it is of this library's family (or either is an
/// MPI tally cannot name, which is trusted) and this library's predefined handles reach it (Open
/// MPI's do only when MPI was loaded before this library). Otherwise the wrappers pass through from
/// now on, a run started without MPI is given up, and a measured process says once, on the job's
/// first rank, what to preload instead.
bool loaded_mpi_is_measurable();

} // namespace tally::profiler::mpi
