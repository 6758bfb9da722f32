// Exact per-process values from TALP's per-process records: C_i = (U_i + W_i + O_i) / t_i for every
// process, so max C and the busiest node follow tally's definitions instead of TALP's normalised
// summary (which, for instance, counts the time a process spends outside the region as non-MPI).
#include "analysis/ingest/talp/talp_processes.hpp"

#include <algorithm>

namespace tally::analysis::ingest::talp {
namespace {

constexpr auto required = Need::required;
constexpr auto optional = Need::optional;

struct NodeTotal {
  std::uint64_t outside_mpi_ns = 0;
  std::uint64_t processes = 0;
};

} // namespace

NodeOfPid read_node_of_pid(const Json& document) {
  // A deprecated summary used only to place processes on nodes; anything unexpected in it is skipped
  // rather than reported, since the import does not depend on it.
  NodeOfPid out;
  const auto nodes = document.find("node");
  if (nodes == document.end() || !nodes->is_array()) return out;
  for (std::size_t index = 0; index < nodes->size(); ++index) {
    const Json& node = (*nodes)[index];
    if (!node.is_object() || !node.contains("process") || !node["process"].is_array()) continue;
    for (const Json& process : node["process"]) {
      if (process.is_object() && process.contains("id") && process["id"].is_number_unsigned()) {
        out[process["id"].get<std::uint64_t>()] = index;
      }
    }
  }
  return out;
}

std::vector<ProcessRecord> read_process_records(const Json& records, const Pointer& at, const NodeOfPid& node_of_pid,
                                                FieldReader& reader) {
  std::vector<ProcessRecord> out;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const Pointer here = at / i;
    const Json& record = records[i];
    if (!reader.expect_object(record, here)) continue;
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
    process.openmp_waiting_ns = reader.count(record, here, "ompLoadImbalanceTime", optional).value_or(0) +
                                reader.count(record, here, "ompSchedulingTime", optional).value_or(0) +
                                reader.count(record, here, serialization, optional).value_or(0);
    out.push_back(std::move(process));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.rank < b.rank; });
  return out;
}

void apply_process_records(const std::vector<ProcessRecord>& records, RegionSummary& summary) {
  if (records.empty()) return;
  model::RegionRaw& raw = summary.region.raw;
  const bool gpus = summary.gpus > 0; // offload time counts only where the run has devices, as offload_ns
  std::uint64_t outside_mpi_max = 0;
  std::map<std::uint64_t, NodeTotal> nodes;
  bool every_node_known = true;
  bool every_visit_known = true;
  std::uint64_t visits = 0;
  std::uint64_t mpi = 0;
  summary.region.per_rank.clear();
  for (const ProcessRecord& process : records) {
    const std::uint64_t threads = process.cpus.value_or(0) > 0 ? *process.cpus : raw.threads_per_process;
    const std::uint64_t total = process.useful_ns + (gpus ? process.offload_ns : 0) + process.openmp_waiting_ns;
    const std::uint64_t outside_mpi = (total + threads - 1) / threads;
    outside_mpi_max = std::max(outside_mpi_max, outside_mpi);
    if (process.node) {
      nodes[*process.node].outside_mpi_ns += outside_mpi;
      ++nodes[*process.node].processes;
    } else {
      every_node_known = false;
    }
    every_visit_known = every_visit_known && process.visits.has_value();
    visits += process.visits.value_or(0);
    mpi += process.mpi_ns;
    summary.region.per_rank.push_back(model::RankRecord{
        process.rank, process.node.value_or(0), process.visits.value_or(0), process.elapsed_ns, process.useful_ns,
        process.mpi_ns, gpus ? std::optional<std::uint64_t>(process.offload_ns) : std::nullopt});
  }
  raw.outside_mpi_max_ns = std::max(outside_mpi_max, outside_mpi_floor(raw));
  if (every_node_known) {
    const auto busiest = std::max_element(nodes.begin(), nodes.end(), [](const auto& a, const auto& b) {
      return static_cast<long double>(a.second.outside_mpi_ns) / a.second.processes <
             static_cast<long double>(b.second.outside_mpi_ns) / b.second.processes;
    });
    if (busiest->second.processes <= raw.processes) {
      raw.busiest_node_outside_mpi_ns = busiest->second.outside_mpi_ns;
      raw.busiest_node_processes = busiest->second.processes;
    }
  }
  if (!summary.visits_known && every_visit_known) summary.region.visits = visits;
  if (!summary.mpi_known) raw.mpi_ns = mpi;
}

} // namespace tally::analysis::ingest::talp
