// SPDX-License-Identifier: BSD-3-Clause
// What an MPI wrapper calls around the real PMPI function: the MPI state of the calling thread.
// enter/leave are O(1): one clock read (plus one counter read with counters on), no allocation,
// lock, system call or logging. Nested calls (an MPI function called from inside MPI, as some
// MPI-IO implementations do) only count once.
#pragma once

#include <cstdint>

namespace tally::profiler::mpi {

/// Dense index of an intercepted MPI function (generated from mpi_calls.tsv).
using CallId = std::uint16_t;

void enter(CallId call) noexcept;
void leave(CallId call) noexcept;

} // namespace tally::profiler::mpi
