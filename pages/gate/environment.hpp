// Whether two runs were measured in comparable environments: same CPU model, same MPI library
// and version, hardware counters available on both or neither.
#pragma once

#include "analysis/experiment.hpp"

#include <string>

namespace tally::pages::gate {

/// True when the runs' environments agree on everything that changes the numbers.
bool comparable(const model::RunDocument& a, const model::RunDocument& b);

/// The baseline runs comparable with the first candidate run.
Repetitions comparable_runs(const Repetitions& baseline, const Repetitions& candidate);

/// Why two runs are not comparable, e.g. "CPU model differs: 'Xeon 8360Y' (baseline) vs 'EPYC 7763' (candidate)".
std::string environment_difference(const LoadedRun& baseline, const LoadedRun& candidate);

} // namespace tally::pages::gate
