// SPDX-License-Identifier: BSD-3-Clause
// The table behind metric_tree.hpp: one row per metric, in display order.
#include "tally/model/metric_tree.hpp"

#include <algorithm>

namespace tally::model {
namespace {

using enum MetricId;
using enum MetricKind;
constexpr auto run = MetricScope::run;
constexpr auto across = MetricScope::across_runs;

constexpr std::array<MetricInfo, metric_count> table{{
    {global_efficiency, "global_efficiency", "Global efficiency", std::nullopt, efficiency, across, true},
    {parallel_efficiency, "parallel_efficiency", "Parallel efficiency", global_efficiency, efficiency, run, true},
    {mpi_parallel_efficiency, "mpi_parallel_efficiency", "MPI parallel efficiency", parallel_efficiency, efficiency,
     run, true},
    {mpi_communication_efficiency, "mpi_communication_efficiency", "MPI communication efficiency",
     mpi_parallel_efficiency, efficiency, run, true},
    {mpi_load_balance, "mpi_load_balance", "MPI load balance", mpi_parallel_efficiency, efficiency, run, true},
    {mpi_load_balance_in, "mpi_load_balance_in", "In-node load balance", mpi_load_balance, efficiency, run, true},
    {mpi_load_balance_out, "mpi_load_balance_out", "Inter-node load balance", mpi_load_balance, efficiency, run, true},
    {omp_parallel_efficiency, "omp_parallel_efficiency", "OpenMP parallel efficiency", parallel_efficiency, efficiency,
     run, true},
    {omp_load_balance, "omp_load_balance", "OpenMP load balance", omp_parallel_efficiency, efficiency, run, true},
    {omp_scheduling_efficiency, "omp_scheduling_efficiency", "OpenMP scheduling efficiency", omp_parallel_efficiency,
     efficiency, run, true},
    {omp_serialization_efficiency, "omp_serialization_efficiency", "OpenMP serialization efficiency",
     omp_parallel_efficiency, efficiency, run, true},
    {device_offload_efficiency, "device_offload_efficiency", "Device offload efficiency", parallel_efficiency,
     efficiency, run, true},
    {computation_scalability, "computation_scalability", "Computation scalability", global_efficiency, ratio, across,
     true},
    {instruction_scaling, "instruction_scaling", "Instruction scaling", computation_scalability, ratio, across, true},
    {ipc_scaling, "ipc_scaling", "IPC scaling", computation_scalability, ratio, across, true},
    {frequency_scaling, "frequency_scaling", "Frequency scaling", computation_scalability, ratio, across, true},
    {device_parallel_efficiency, "device_parallel_efficiency", "Device parallel efficiency", std::nullopt, efficiency,
     run, true},
    {device_load_balance, "device_load_balance", "Device load balance", device_parallel_efficiency, efficiency, run,
     true},
    {device_communication_efficiency, "device_communication_efficiency", "Device communication efficiency",
     device_parallel_efficiency, efficiency, run, true},
    {device_orchestration_efficiency, "device_orchestration_efficiency", "Device orchestration efficiency",
     device_parallel_efficiency, efficiency, run, true},
    {useful_ipc, "useful_ipc", "Useful IPC", std::nullopt, ratio, run, true},
    {useful_frequency_ghz, "useful_frequency_ghz", "Useful frequency (GHz)", std::nullopt, frequency, run, true},
    {useful_instructions, "useful_instructions", "Useful instructions", std::nullopt, count, run, false},
    {elapsed_ns, "elapsed_ns", "Elapsed time", std::nullopt, time, run, false},
    {energy_j, "energy_j", "Energy to solution", std::nullopt, energy, MetricScope::energy, false},
    {speedup, "speedup", "Speedup", std::nullopt, ratio, across, true},
}};

constexpr bool table_is_indexed_by_id() {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (static_cast<std::size_t>(table[i].id) != i) return false;
  }
  return true;
}
static_assert(table_is_indexed_by_id(), "metric table rows must follow the MetricId order");

} // namespace

std::span<const MetricInfo, metric_count> metric_table() { return table; }

const MetricInfo& metric_info(MetricId id) { return table[static_cast<std::size_t>(id)]; }

std::optional<MetricId> metric_from_key(std::string_view key) {
  const auto row = std::find_if(table.begin(), table.end(), [&](const MetricInfo& m) { return m.key == key; });
  if (row == table.end()) return std::nullopt;
  return row->id;
}

std::optional<MetricId> shown_parent(MetricId id, const MetricSet& shown) {
  for (auto parent = metric_info(id).parent; parent; parent = metric_info(*parent).parent) {
    if (shown.test(static_cast<std::size_t>(*parent))) return parent;
  }
  return std::nullopt;
}

int shown_depth(MetricId id, const MetricSet& shown) {
  int depth = 0;
  for (auto parent = shown_parent(id, shown); parent; parent = shown_parent(*parent, shown))
    ++depth;
  return depth;
}

bool is_product_of_children(MetricId id) {
  return std::any_of(table.begin(), table.end(), [&](const MetricInfo& m) { return m.parent == id; });
}

} // namespace tally::model
