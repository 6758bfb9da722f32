// SPDX-License-Identifier: BSD-3-Clause
// The states a thread can be in, and the running totals the state machine keeps per thread.
#pragma once

#include "tally/model/region_counts.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace tally::profiler {

/// Where a thread's time goes. Every tick of a thread belongs to exactly one state.
enum class State : std::uint8_t {
  useful,             ///< the application's own computation
  mpi,                ///< inside MPI (or idle while the master thread is)
  offload,            ///< inside the device runtime: launches, copies, synchronisation
  omp_load_imbalance, ///< waiting in an OpenMP barrier or at the end of a parallel region
  omp_scheduling,     ///< inside the OpenMP runtime: fork, scheduling, tasks
  omp_serialization,  ///< idle outside parallel regions while the master works alone
};
inline constexpr std::size_t state_count = 6;

/// Running totals of one thread since it started: clock ticks per state, the hardware counters
/// of the useful state and the event counts (MPI calls, bytes). Regions subtract two of these.
struct Totals {
  std::uint64_t now = 0; ///< clock ticks at the moment the totals were taken
  std::array<std::uint64_t, state_count> ticks{};
  std::uint64_t useful_instructions = 0;
  std::uint64_t useful_cycles = 0;
  model::Counts counts{}; ///< indexed by model::count_slot
};

} // namespace tally::profiler
