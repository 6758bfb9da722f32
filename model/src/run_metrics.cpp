// SPDX-License-Identifier: BSD-3-Clause
// The POP hierarchy of one run (ARCHITECTURE.md, "The metrics"). Notation: T elapsed time,
// P processes, C_i outside-MPI time of process i, U useful, W offload, L/S/Z OpenMP load
// imbalance, scheduling and serialization time, all sums over threads unless said otherwise.
#include "tally/model/run_metrics.hpp"

#include "ratio.hpp"

namespace tally::model {
namespace {

using detail::ratio;
using enum MetricId;

void add_host_metrics(const RegionRaw& raw, MetricValues& out) {
  const double elapsed = static_cast<double>(raw.elapsed_ns);
  const double processes = static_cast<double>(raw.processes);
  const double threads = static_cast<double>(raw.threads_per_process);
  const double useful = static_cast<double>(raw.useful_ns);
  const double offload = static_cast<double>(raw.offload_ns.value_or(0));
  const double openmp_waiting = raw.openmp
                                    ? static_cast<double>(raw.openmp->load_imbalance_ns + raw.openmp->scheduling_ns +
                                                          raw.openmp->serialization_ns)
                                    : 0.0;
  // Sum over processes of C_i: every non-MPI thread state, normalised per thread.
  const double outside_mpi_sum = (useful + offload + openmp_waiting) / threads;
  const double outside_mpi_max = static_cast<double>(raw.outside_mpi_max_ns);
  const double outside_mpi_avg = outside_mpi_sum / processes;
  const auto busiest_node_avg =
      ratio(static_cast<double>(raw.busiest_node_outside_mpi_ns), static_cast<double>(raw.busiest_node_processes));

  out.set_if(parallel_efficiency, ratio(useful, processes * threads * elapsed));
  out.set_if(mpi_parallel_efficiency, ratio(outside_mpi_sum, processes * elapsed));
  out.set_if(mpi_communication_efficiency, ratio(outside_mpi_max, elapsed));
  out.set_if(mpi_load_balance, ratio(outside_mpi_avg, outside_mpi_max));
  if (busiest_node_avg) {
    out.set_if(mpi_load_balance_in, ratio(*busiest_node_avg, outside_mpi_max));
    out.set_if(mpi_load_balance_out, ratio(outside_mpi_avg, *busiest_node_avg));
  }
  if (raw.openmp) {
    const double load_imbalance = static_cast<double>(raw.openmp->load_imbalance_ns);
    const double scheduling = static_cast<double>(raw.openmp->scheduling_ns);
    const double serialization = static_cast<double>(raw.openmp->serialization_ns);
    const double working = useful + offload;
    out.set_if(omp_parallel_efficiency, ratio(working, working + openmp_waiting));
    out.set_if(omp_load_balance, ratio(working, working + load_imbalance));
    out.set_if(omp_scheduling_efficiency, ratio(working + load_imbalance, working + load_imbalance + scheduling));
    out.set_if(omp_serialization_efficiency,
               ratio(working + load_imbalance + scheduling, working + load_imbalance + scheduling + serialization));
  }
  if (raw.offload_ns) out.set_if(device_offload_efficiency, ratio(useful, useful + offload));
}

void add_device_metrics(const RegionRaw& raw, MetricValues& out) {
  if (!raw.device) return;
  const DeviceRaw& device = *raw.device;
  const double elapsed = static_cast<double>(raw.elapsed_ns);
  const double devices = static_cast<double>(device.devices);
  const double kernel_sum = static_cast<double>(device.kernel_ns);
  const double kernel_max = static_cast<double>(device.kernel_max_ns);
  const double active_max = static_cast<double>(device.active_max_ns);
  out.set_if(device_parallel_efficiency, ratio(kernel_sum, devices * elapsed));
  out.set_if(device_load_balance, ratio(kernel_sum, devices * kernel_max));
  out.set_if(device_communication_efficiency, ratio(kernel_max, active_max));
  out.set_if(device_orchestration_efficiency, ratio(active_max, elapsed));
}

void add_computation_metrics(const RegionRaw& raw, MetricValues& out) {
  out.set(elapsed_ns, static_cast<double>(raw.elapsed_ns));
  if (!raw.counters) return;
  const double instructions = static_cast<double>(raw.counters->useful_instructions);
  const double cycles = static_cast<double>(raw.counters->useful_cycles);
  out.set(useful_instructions, instructions);
  out.set_if(useful_ipc, ratio(instructions, cycles));
  // cycles per nanosecond is GHz
  out.set_if(useful_frequency_ghz, ratio(cycles, static_cast<double>(raw.useful_ns)));
}

} // namespace

MetricValues compute_run_metrics(const RegionRaw& raw) {
  MetricValues out;
  if (raw.processes > 0 && raw.threads_per_process > 0) add_host_metrics(raw, out);
  add_device_metrics(raw, out);
  add_computation_metrics(raw, out);
  return out;
}

} // namespace tally::model
