// SPDX-License-Identifier: BSD-3-Clause
// Strings of every rank, gathered on every rank: the few texts the reduction moves (region names,
// the energy sensors' sentences), packed as one buffer of NUL-terminated strings per rank.
#pragma once

#include "mpi/pmpi_weak.hpp"

#include <string>
#include <vector>

namespace tally::profiler::mpi {

/// Collective over `comm`: every rank's `local` strings, rank after rank.
std::vector<std::string> gather_strings(const std::vector<std::string>& local, MPI_Comm comm);

} // namespace tally::profiler::mpi
