// SPDX-License-Identifier: BSD-3-Clause
// The MPI family of a library version string (MPI_Get_library_version): what a preload library
// checks the MPI it runs with against. Plain C++ (no mpi.h), so that tests drive it without MPI.
#pragma once

#include <optional>
#include <string_view>

namespace tally::profiler::mpi {

/// An ABI family of MPIs: one preload library, libtally-<name>.so, serves all of its members.
struct MpiFamily {
  std::string_view name;  ///< as in TALLY_MPI_FAMILIES: "mpich"
  std::string_view title; ///< for people: "MPICH family"
};

/// The family of the MPI whose MPI_Get_library_version is `version`: Open MPI's ("Open MPI v4.1.4,
/// ..."), or the MPICH family's (MPICH, and the MPIs that keep its ABI: Intel MPI, MVAPICH, Cray
/// MPICH); nullopt for another MPI.
std::optional<MpiFamily> family_of_library_version(std::string_view version);

/// The family TALLY_MPI_FAMILIES names `name`; nullopt for "other", an MPI that configure could not name.
std::optional<MpiFamily> family_named(std::string_view name);

} // namespace tally::profiler::mpi
