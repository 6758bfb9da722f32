// SPDX-License-Identifier: BSD-3-Clause
// Reads TALP's per-region summary records into tally's raw aggregates. Times stay exact; the
// maximum outside-MPI time and the busiest node, which TALP stores only normalised, are estimated
// here and replaced by exact values when per-process records exist (talp_processes.cpp).
#include "analysis/ingest/talp/talp_summary.hpp"

#include "tally/model/region_fold.hpp"

#include <algorithm>
#include <cmath>

namespace tally::analysis::ingest::talp {
namespace {

constexpr auto required = Need::required;
constexpr auto optional = Need::optional;

std::uint64_t openmp_waiting(const model::RegionRaw& raw) {
  return raw.openmp ? raw.openmp->load_imbalance_ns + raw.openmp->scheduling_ns + raw.openmp->serialization_ns : 0;
}

/// Every thread of the region as one record of `threads` threads: where TALP gives only sums, the
/// outside-MPI time of all of them together still has the fold's definition (region_fold.hpp).
model::ProcessRecord all_threads(const model::RegionRaw& raw, std::uint64_t threads) {
  model::ProcessRecord out;
  out.threads = threads;
  out.useful_ns = raw.useful_ns;
  out.offload_ns = raw.offload_ns.value_or(0);
  if (raw.openmp) {
    out.omp_load_imbalance_ns = raw.openmp->load_imbalance_ns;
    out.omp_scheduling_ns = raw.openmp->scheduling_ns;
    out.omp_serialization_ns = raw.openmp->serialization_ns;
  }
  return out;
}

/// The time of every thread outside MPI, summed: ΣC_i times the threads per process.
std::uint64_t outside_mpi_total(const model::RegionRaw& raw) { return model::outside_mpi_ns(all_threads(raw, 1)); }

/// What the summary says about the busiest process and node, in nanoseconds per process.
struct Estimates {
  double outside_mpi_max = 0;  ///< max_i C_i
  double busiest_node_avg = 0; ///< the largest average C_i of the processes of one node
};

/// Stores the estimates, kept inside the bounds every real run respects: avg C <= max C and
/// avg C <= busiest node's average <= max C. On one node the busiest node is the whole run, exactly.
void store_estimates(model::RegionRaw& raw, const Estimates& estimates) {
  raw.outside_mpi_max_ns = std::max(ceil_ns(estimates.outside_mpi_max), outside_mpi_floor(raw));
  if (raw.nodes <= 1) {
    raw.busiest_node_outside_mpi_ns = outside_mpi_sum(raw);
    raw.busiest_node_processes = raw.processes;
    return;
  }
  // processes per node, rounded: exact when ranks are spread evenly, an approximation otherwise.
  const double processes = static_cast<double>(raw.processes);
  const auto per_node = std::clamp<std::uint64_t>(
      static_cast<std::uint64_t>(std::llround(processes / static_cast<double>(raw.nodes))), 1, raw.processes);
  const double average =
      static_cast<double>(outside_mpi_total(raw)) / (static_cast<double>(raw.threads_per_process) * processes);
  const double busiest = std::clamp(estimates.busiest_node_avg, average, static_cast<double>(raw.outside_mpi_max_ns));
  raw.busiest_node_outside_mpi_ns =
      std::min(ceil_ns(busiest * static_cast<double>(per_node)), raw.outside_mpi_max_ns * per_node);
  raw.busiest_node_processes = per_node;
}

void set_resources(model::RegionRaw& raw, std::uint64_t cpus, std::uint64_t ranks, std::uint64_t nodes,
                   const Pointer& nodes_at, FieldReader& reader) {
  // A run without MPI (numMpiRanks 0) is one process.
  raw.processes = std::max<std::uint64_t>(ranks, 1);
  // CPUs per process, rounded: TALP counts CPUs, tally threads per process (equal for all processes).
  raw.threads_per_process = std::max<std::uint64_t>((cpus + raw.processes / 2) / raw.processes, 1);
  raw.nodes = nodes;
  if (nodes > raw.processes) reader.fail(nodes_at, "larger than the number of processes");
}

void set_counters(model::RegionRaw& raw, std::uint64_t cycles, std::uint64_t instructions) {
  // TALP writes 0 when PAPI was off: no counters, rather than an IPC of 0.
  if (cycles > 0 || instructions > 0) raw.counters = model::CounterRaw{instructions, cycles};
}

std::optional<RegionSummary> read_pop_raw(const Record& summary, const Pointer& at, FieldReader& reader) {
  const std::size_t problems = reader.problem_count();
  RegionSummary out;
  out.region.name = reader.string_member(summary, at, "name", required).value_or("");
  out.talp_name = out.region.name;
  // The implicit region of DLB 3.4 became "Global" in 3.5, the name tally uses too.
  if (out.region.name == "MPI Execution") out.region.name = "Global";
  model::RegionRaw& raw = out.region.raw;
  const auto cpus = reader.count(summary, at, "numCpus", required).value_or(0);
  const auto ranks = reader.count(summary, at, "numRanks", required).value_or(0);
  const auto nodes = reader.count(summary, at, "numNodes", required).value_or(0);
  set_resources(raw, cpus, ranks, nodes, at / "numNodes", reader);
  raw.elapsed_ns = reader.count(summary, at, "elapsedTime", required).value_or(0);
  raw.useful_ns = reader.count(summary, at, "usefulCpuTotal", required).value_or(0);
  const double max_useful = reader.number(summary, at, "elapsedUseful", required).value_or(0);
  const double busiest_node_useful = reader.number(summary, at, "usefulCpuNode", required).value_or(0);
  set_counters(raw, reader.counter(summary, at, "cycles", optional).value_or(0),
               reader.counter(summary, at, "instructions", optional).value_or(0));
  if (reader.problem_count() != problems) return std::nullopt;
  // DLB 3.4 classified time as useful or MPI only: the CPU time that is not useful was in MPI.
  raw.mpi_ns = cpus * raw.elapsed_ns > raw.useful_ns ? cpus * raw.elapsed_ns - raw.useful_ns : 0;
  // Each process visited the region at least once; 3.4 does not count visits.
  out.region.visits = raw.processes;
  const double per_node = std::max(1.0, std::round(static_cast<double>(raw.processes) / std::max<double>(1, nodes)));
  const double threads = static_cast<double>(raw.threads_per_process);
  store_estimates(raw, {max_useful, busiest_node_useful / threads / per_node});
  return out;
}

std::optional<RegionSummary> read_application(const Record& summary, const Pointer& at, const std::string& name,
                                              Layout layout, FieldReader& reader) {
  const std::size_t problems = reader.problem_count();
  RegionSummary out;
  out.region.name = name;
  out.talp_name = name;
  if (name.empty()) reader.fail(at, "region name must not be empty");
  model::RegionRaw& raw = out.region.raw;
  const auto cpus = reader.count(summary, at, "numCpus", required).value_or(0);
  const auto ranks = reader.count(summary, at, "numMpiRanks", required).value_or(0);
  const auto nodes = reader.count(summary, at, "numNodes", required).value_or(0);
  set_resources(raw, cpus, ranks, nodes, at / "numNodes", reader);
  out.gpus = reader.count(summary, at, "numGpus", optional).value_or(0);
  const auto threads = reader.count(summary, at, "numOmpThreads", optional).value_or(0);
  set_counters(raw, reader.counter(summary, at, "cycles", optional).value_or(0),
               reader.counter(summary, at, "instructions", optional).value_or(0));
  const auto visits = reader.count(summary, at, "numMeasurements", optional);
  raw.elapsed_ns = reader.count(summary, at, "elapsedTime", required).value_or(0);
  raw.useful_ns = reader.count(summary, at, "usefulTime", required).value_or(0);
  // Threads idle while their master is in MPI count as MPI in tally (DLB 3.7 keeps them apart).
  raw.mpi_ns = reader.count(summary, at, "mpiTime", required).value_or(0) +
               reader.count(summary, at, "mpiWorkerIdleTime", optional).value_or(0);
  model::OpenMpRaw openmp;
  openmp.load_imbalance_ns = reader.count(summary, at, "ompLoadImbalanceTime", required).value_or(0);
  openmp.scheduling_ns = reader.count(summary, at, "ompSchedulingTime", required).value_or(0);
  // DLB 3.8 renamed the serialization time; reading both keeps newer files importable.
  const bool renamed = !summary.contains("ompSerializationTime") && summary.contains("ompOutsideParallelTime");
  openmp.serialization_ns =
      reader.count(summary, at, renamed ? "ompOutsideParallelTime" : "ompSerializationTime", required).value_or(0);
  // Counts (DLB 3.5+): OpenMP constructs with the OpenMP times, MPI calls in an MPI run.
  openmp.parallels = reader.count(summary, at, "numOmpParallels", optional);
  openmp.tasks = reader.count(summary, at, "numOmpTasks", optional);
  if (threads > 0 || openmp.load_imbalance_ns + openmp.scheduling_ns + openmp.serialization_ns > 0) {
    raw.openmp = openmp;
  }
  if (const auto calls = reader.count(summary, at, "numMpiCalls", optional); calls && ranks > 0) {
    // TALP counts calls only, not their kinds or bytes. The most calls of one process is known
    // from the per-process records (talp_processes.cpp); until then, all calls bound it.
    raw.mpi = model::MpiRaw{.calls = *calls, .calls_max = *calls};
  }
  if (out.gpus > 0) {
    raw.offload_ns = reader.count(summary, at, "gpuRuntimeTime", required).value_or(0);
    model::DeviceRaw device;
    device.devices = out.gpus;
    device.kernel_ns = reader.count(summary, at, "gpuUsefulTime", required).value_or(0);
    device.memory_ns = reader.count(summary, at, "gpuCommunicationTime", required).value_or(0);
    device.kernel_max_ns = reader.count(summary, at, "maxGpuUsefulTime", required).value_or(0);
    device.active_max_ns = reader.count(summary, at, "maxGpuActiveTime", required).value_or(0);
    if (device.kernel_max_ns > device.active_max_ns) {
      reader.fail(at / "maxGpuUsefulTime", "larger than maxGpuActiveTime (kernel time is part of active time)");
    }
    raw.device = device;
    // DLB 3.5+ counts the runtime calls, not the launches and copies among them.
    if (const auto calls = reader.count(summary, at, "numGpuRuntimeCalls", optional)) {
      raw.device_counts = model::DeviceCountsRaw{.runtime_calls = *calls};
    }
  }
  Estimates estimates;
  if (layout == Layout::mpi_normalised) {
    // TALP keeps the smallest MPI time per CPU of a process and of a node: the complements are the
    // largest outside-MPI times if every process spent the whole elapsed time in the region.
    const double elapsed = static_cast<double>(raw.elapsed_ns);
    estimates.outside_mpi_max = elapsed - reader.number(summary, at, "minMpiNormdProc", required).value_or(0);
    estimates.busiest_node_avg = elapsed - reader.number(summary, at, "minMpiNormdNode", required).value_or(0);
  } else {
    // DLB 3.5 keeps the largest useful time per CPU; OpenMP idle time, part of tally's outside-MPI
    // time, is added as its average per process.
    const double share = static_cast<double>(openmp_waiting(raw)) /
                         (static_cast<double>(raw.threads_per_process) * static_cast<double>(raw.processes));
    estimates.outside_mpi_max = reader.number(summary, at, "maxUsefulNormdProc", required).value_or(0) + share;
    estimates.busiest_node_avg = reader.number(summary, at, "maxUsefulNormdNode", required).value_or(0) + share;
  }
  if (reader.problem_count() != problems) return std::nullopt;
  out.visits_known = visits.has_value();
  out.mpi_known = true;
  out.region.visits = visits.value_or(raw.processes);
  store_estimates(raw, estimates);
  return out;
}

} // namespace

std::uint64_t outside_mpi_sum(const model::RegionRaw& raw) {
  return model::outside_mpi_ns(all_threads(raw, std::max<std::uint64_t>(raw.threads_per_process, 1)));
}

std::uint64_t outside_mpi_floor(const model::RegionRaw& raw) {
  const std::uint64_t cpus =
      std::max<std::uint64_t>(raw.threads_per_process, 1) * std::max<std::uint64_t>(raw.processes, 1);
  return model::outside_mpi_ns(all_threads(raw, cpus));
}

std::optional<RegionSummary> read_region_summary(const Element& summary, const Pointer& at, const std::string& name,
                                                 Layout layout, FieldReader& reader) {
  if (!reader.expect_object(summary.kind, at)) return std::nullopt;
  if (layout == Layout::pop_raw) return read_pop_raw(summary.record, at, reader);
  return read_application(summary.record, at, name, layout, reader);
}

} // namespace tally::analysis::ingest::talp
