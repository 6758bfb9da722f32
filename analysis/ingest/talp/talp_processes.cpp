// SPDX-License-Identifier: BSD-3-Clause
// Exact per-process values from TALP's per-process records, folded as the profiler folds its processes
// (model/region_fold.hpp), so max C and the busiest node follow tally's definitions instead of TALP's
// normalised summary (which, for instance, counts the time a process spends outside the region as non-MPI).
#include "analysis/ingest/talp/talp_processes.hpp"

#include "tally/model/region_fold.hpp"

#include <algorithm>

namespace tally::analysis::ingest::talp {
namespace {

constexpr auto required = Need::required;
constexpr auto optional = Need::optional;

/// A TALP process as the fold takes it. Offload time counts only where the run has devices (as
/// offload_ns does); a process without a CPU count has the region's threads per process.
model::ProcessRecord fold_input(const ProcessRecord& process, std::uint64_t threads_per_process, bool gpus) {
  model::ProcessRecord out;
  out.visits = process.visits.value_or(0);
  out.threads = process.cpus.value_or(0) > 0 ? *process.cpus : threads_per_process;
  out.elapsed_ns = process.elapsed_ns;
  out.useful_ns = process.useful_ns;
  out.mpi_ns = process.mpi_ns;
  out.offload_ns = gpus ? process.offload_ns : 0;
  out.omp_load_imbalance_ns = process.omp_load_imbalance_ns;
  out.omp_scheduling_ns = process.omp_scheduling_ns;
  out.omp_serialization_ns = process.omp_serialization_ns;
  out.node = process.node.value_or(0);
  out.counts[model::count_slot::mpi_calls] = process.mpi_calls.value_or(0);
  return out;
}

} // namespace

std::vector<ProcessRecord> read_process_records(const ElementList& records, const Pointer& at,
                                                const NodeOfPid& node_of_pid, FieldReader& reader) {
  std::vector<ProcessRecord> out;
  for (std::size_t i = 0; i < records.elements.size(); ++i) {
    const Pointer here = at / i;
    if (!reader.expect_object(records.elements[i].kind, here)) continue;
    const Record& record = records.elements[i].record;
    ProcessRecord process;
    process.rank = reader.count(record, here, "rank", required).value_or(i);
    process.node = reader.count(record, here, "nodeId", optional);
    if (const auto pid = reader.count(record, here, "pid", optional); pid && !process.node) {
      if (const auto found = node_of_pid.find(*pid); found != node_of_pid.end()) process.node = found->second;
    }
    process.host = reader.string_member(record, here, "hostname", optional).value_or("");
    process.visits = reader.count(record, here, "numMeasurements", optional);
    process.cpus = reader.count(record, here, "numCpus", optional);
    process.elapsed_ns = reader.count(record, here, "elapsedTime", required).value_or(0);
    process.useful_ns = reader.count(record, here, "usefulTime", required).value_or(0);
    process.mpi_ns = reader.count(record, here, "mpiTime", required).value_or(0) +
                     reader.count(record, here, "mpiWorkerIdleTime", optional).value_or(0);
    process.offload_ns = reader.count(record, here, "gpuRuntimeTime", optional).value_or(0);
    const char* serialization =
        record.contains("ompOutsideParallelTime") ? "ompOutsideParallelTime" : "ompSerializationTime";
    process.omp_load_imbalance_ns = reader.count(record, here, "ompLoadImbalanceTime", optional).value_or(0);
    process.omp_scheduling_ns = reader.count(record, here, "ompSchedulingTime", optional).value_or(0);
    process.omp_serialization_ns = reader.count(record, here, serialization, optional).value_or(0);
    process.mpi_calls = reader.count(record, here, "numMpiCalls", optional);
    out.push_back(std::move(process));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
  return out;
}

void apply_process_records(const std::vector<ProcessRecord>& records, RegionSummary& summary) {
  if (records.empty()) return;
  model::RegionRaw& raw = summary.region.raw;
  const bool gpus = summary.gpus > 0;
  model::RegionFold fold;
  bool every_node_known = true;
  bool every_visit_known = true;
  bool every_call_count_known = true;
  summary.region.per_rank.clear();
  for (const ProcessRecord& process : records) {
    fold.add(fold_input(process, raw.threads_per_process, gpus));
    every_node_known = every_node_known && process.node.has_value();
    every_visit_known = every_visit_known && process.visits.has_value();
    every_call_count_known = every_call_count_known && process.mpi_calls.has_value();
    summary.region.per_rank.push_back(model::RankRecord{
        process.rank, process.node.value_or(0), process.visits.value_or(0), process.elapsed_ns, process.useful_ns,
        process.mpi_ns, gpus ? std::optional<std::uint64_t>(process.offload_ns) : std::nullopt});
  }
  // The summary's sums stay: TALP reduced them from these processes. The fold gives what the summary
  // holds only normalised (max C, the busiest node) and what it may lack (visits, MPI time).
  const model::RegionRaw folded = fold.finish({});
  raw.outside_mpi_max_ns = std::max(folded.outside_mpi_max_ns, outside_mpi_floor(raw));
  if (every_node_known && folded.busiest_node_processes <= raw.processes) {
    raw.busiest_node_outside_mpi_ns = folded.busiest_node_outside_mpi_ns;
    raw.busiest_node_processes = folded.busiest_node_processes;
  }
  if (!summary.visits_known && every_visit_known) summary.region.visits = fold.sums[model::RegionFold::visits];
  if (!summary.mpi_known) raw.mpi_ns = folded.mpi_ns;
  // A damaged file may count more calls in one process than in the summary: calls bound the most.
  if (raw.mpi && every_call_count_known)
    raw.mpi->calls_max = std::min(fold.maxima[model::RegionFold::mpi_calls_max], raw.mpi->calls);
}

} // namespace tally::analysis::ingest::talp
