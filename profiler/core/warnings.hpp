// SPDX-License-Identifier: BSD-3-Clause
// The profiler's only way to speak: one line on stderr per problem, prefixed "tally:", each
// kind of problem at most once per process, and a warning about the machine or the setup at most
// once per study. Never stdout, never from the hot path.
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
  mpi_library,
  openmp_without_ompt,
  cuda,
  hip,
  energy,
  gpu_energy,
  count_
};

/// Whether a kind of warning describes the machine or the setup (options, clock, counters, energy
/// sensors, CUDA, HIP, the OpenMP runtime), which every run of a study meets alike, rather than what
/// happened in this run (regions, output, MPI).
bool about_the_setup(Warning kind);

/// Prints `tally: message` once per kind; later warnings of the same kind are dropped. A warning
/// about the setup whose text the file of said_warnings_in() holds is dropped too.
void warn_once(Warning kind, const std::string& message);

/// Names the file (TALLY_SAID_WARNINGS) that keeps the warnings about the setup said by earlier runs
/// of a study, one per line; each printed here is added to it. The file must exist: it is never
/// created (a node that cannot see it prints as if there were none). Empty: every run says them.
void said_warnings_in(std::string file);

/// Keeps warnings back until release_warnings(): the warnings of the load phase (options, clock,
/// counters) are the same on every rank of an MPI program, and only rank 0 says them.
void hold_warnings();

/// Prints (when `print`) or drops the warnings held back, and stops holding.
void release_warnings(bool print);

/// Prints `tally: message` every time (used for distinct one-off events, e.g. the output file).
void warn(const std::string& message);

} // namespace tally::profiler
