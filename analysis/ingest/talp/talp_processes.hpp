// SPDX-License-Identifier: BSD-3-Clause
// TALP's optional per-process records of a region ("Process" from DLB 3.5, "region" in 3.4):
// with them the maximum outside-MPI time and the busiest node are exact, not estimated.
#pragma once

#include "analysis/ingest/talp/talp_fields.hpp"
#include "analysis/ingest/talp/talp_summary.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tally::analysis::ingest::talp {

/// One process of one region, times in nanoseconds summed over its threads.
struct ProcessRecord {
  std::uint64_t rank = 0;
  std::optional<std::uint64_t> node; ///< nodeId (3.5+), or found through the "node" summary
  std::string host;
  std::optional<std::uint64_t> visits;
  std::optional<std::uint64_t> cpus;
  std::uint64_t elapsed_ns = 0;
  std::uint64_t useful_ns = 0;
  std::uint64_t mpi_ns = 0; ///< MPI time plus worker threads idle meanwhile
  std::uint64_t offload_ns = 0;
  std::uint64_t omp_load_imbalance_ns = 0;
  std::uint64_t omp_scheduling_ns = 0;
  std::uint64_t omp_serialization_ns = 0;
  std::optional<std::uint64_t> mpi_calls; ///< numMpiCalls (DLB 3.5+)
};

/// The records of one region, an array of process objects; `node_of_pid` places the records
/// without a nodeId.
std::vector<ProcessRecord> read_process_records(const ElementList& records, const Pointer& at,
                                                const NodeOfPid& node_of_pid, FieldReader& reader);

/// Folds the records (model/region_fold.hpp) to replace the estimates of `summary` by exact values,
/// adds the per-rank detail, and fills the visits, MPI time and most MPI calls of one process the
/// summary lacked.
void apply_process_records(const std::vector<ProcessRecord>& records, RegionSummary& summary);

} // namespace tally::analysis::ingest::talp
