// SPDX-License-Identifier: BSD-3-Clause
// Builds the run document from the reduced aggregates and writes it (rank 0, or the single
// process): file name, atomic write, the optional summary on stderr.
#pragma once

#include "tally/model/run_document.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tally::profiler {

/// What the reduction across ranks (or the single process) knows about the run.
struct RunAggregates {
  model::Resources resources;
  std::string mpi_library = "none";
  std::string mpi_version;
  std::vector<model::Region> regions; ///< name, visits, raw (and per-rank detail when asked)
  /// The run's timeline: sums over ranks and the idle nodes (publish_run adds the behaviour).
  std::optional<model::Timeline> timeline;
  std::optional<model::Hang> hang;            ///< set: the hang watchdog's document of the run so far
  std::optional<model::EnergySensors> energy; ///< the energy sensors (absent: not looked for)
};

/// The resources of a run as this process knows them before its regions do: `nodes` and `ranks`
/// on `hosts`, and the CPU frequency the run was asked for (the options). add_region_resources
/// then adds the threads and GPUs the regions used.
model::Resources run_resources(std::uint64_t nodes, std::uint64_t ranks, std::vector<std::string> hosts);

/// Where the document of a run on `resources` goes: `<output>/<experiment>_<label>_<start time>.json`,
/// the name every rank computes alike; the hung document of a rank other than 0 (`hung_rank`)
/// adds `-rank<r>` (hang_watchdog.hpp).
std::string run_document_path(const model::Resources& resources, std::uint64_t hung_rank = 0);

/// Completes the document (run, source, environment, metrics) and writes it to the output
/// folder; problems are one warning each and never reach the program. A later document (another
/// hang, or the completed run) replaces the hung document this process wrote before, if any.
void publish_run(RunAggregates aggregates);

} // namespace tally::profiler
