// SPDX-License-Identifier: BSD-3-Clause
// The profiler's only way to speak: one line on stderr per problem, prefixed "tally:", each
// kind of problem at most once per process. Never stdout, never from the hot path.
#pragma once

#include <string>

namespace tally::profiler {

enum class Warning {
  configuration,
  clock,
  counters,
  thread_counters,
  region_misuse,
  region_open_at_end,
  output,
  mpi_not_finalized,
  mpi_reduction,
  openmp_without_ompt,
  cuda,
  energy,
  count_
};

/// Prints `tally: message` once per kind; later warnings of the same kind are dropped.
void warn_once(Warning kind, const std::string& message);

/// Keeps warnings back until release_warnings(): the warnings of the load phase (options, clock,
/// counters) are the same on every rank of an MPI program, and only rank 0 says them.
void hold_warnings();

/// Prints (when `print`) or drops the warnings held back, and stops holding.
void release_warnings(bool print);

/// Prints `tally: message` every time (used for distinct one-off events, e.g. the output file).
void warn(const std::string& message);

} // namespace tally::profiler
