// SPDX-License-Identifier: BSD-3-Clause
// Comparability of environments. The compiler and clock are not compared: a compiler upgrade is
// exactly the kind of change the gate should judge, and the clock source does not bias times.
#include "gate/environment.hpp"

namespace tally::gate {

bool comparable(const model::RunDocument& a, const model::RunDocument& b) {
  const model::Environment& x = a.environment;
  const model::Environment& y = b.environment;
  return x.cpu_model == y.cpu_model && x.mpi_library == y.mpi_library && x.mpi_version == y.mpi_version &&
         x.counters_available == y.counters_available;
}

analysis::Repetitions comparable_runs(const analysis::Repetitions& baseline, const analysis::Repetitions& candidate) {
  analysis::Repetitions out;
  for (const analysis::ingest::LoadedRun* run : baseline) {
    if (comparable(run->document, candidate.front()->document)) out.push_back(run);
  }
  return out;
}

std::string environment_difference(const analysis::ingest::LoadedRun& baseline,
                                   const analysis::ingest::LoadedRun& candidate) {
  const model::Environment& b = baseline.document.environment;
  const model::Environment& c = candidate.document.environment;
  const auto differs = [](const char* what, const std::string& x, const std::string& y) {
    return std::string(what) + " differs: '" + x + "' (baseline) vs '" + y + "' (candidate)";
  };
  if (b.cpu_model != c.cpu_model) return differs("CPU model", b.cpu_model, c.cpu_model);
  if (b.mpi_library != c.mpi_library || b.mpi_version != c.mpi_version)
    return differs("MPI library", b.mpi_library + " " + b.mpi_version, c.mpi_library + " " + c.mpi_version);
  if (b.counters_available != c.counters_available)
    return differs("hardware counters", b.counters_available ? "available" : "not available",
                   c.counters_available ? "available" : "not available");
  return "environments are comparable";
}

} // namespace tally::gate
