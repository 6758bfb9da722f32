// SPDX-License-Identifier: BSD-3-Clause
// Whether two runs were measured in comparable environments: same CPU model, same MPI library
// and version, hardware counters available on both or neither.
#pragma once

#include "analysis/experiment.hpp"

#include <string>

namespace tally::gate {

/// True when the runs' environments agree on everything that changes the numbers.
bool comparable(const model::RunDocument& a, const model::RunDocument& b);

/// The baseline runs comparable with the first candidate run.
analysis::Repetitions comparable_runs(const analysis::Repetitions& baseline, const analysis::Repetitions& candidate);

/// Why two runs are not comparable, e.g. "CPU model differs: 'Xeon 8360Y' (baseline) vs 'EPYC 7763' (candidate)".
std::string environment_difference(const analysis::ingest::LoadedRun& baseline,
                                   const analysis::ingest::LoadedRun& candidate);

} // namespace tally::gate
