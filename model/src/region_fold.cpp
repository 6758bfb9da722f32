// SPDX-License-Identifier: BSD-3-Clause
// The fold of per-process records (region_fold.hpp): the only place that says how one process's
// times enter a region's sums and maxima and which node is the busiest.
#include "tally/model/region_fold.hpp"

#include <algorithm>

namespace tally::model {
namespace {

__extension__ typedef unsigned __int128 Wide; // the product of two 64-bit sums

/// Whether a/b > c/d for the averages of two shares, without rounding.
bool larger_average(const NodeShare& a, const NodeShare& b) {
  return static_cast<Wide>(a.outside_mpi_ns) * b.processes > static_cast<Wide>(b.outside_mpi_ns) * a.processes;
}

/// The node with the largest average C_i; on a tie the lowest node index, so the result does not
/// depend on the order in which shares were folded.
NodeShare busiest_node(const std::map<std::uint64_t, NodeShare>& nodes) {
  NodeShare busiest;
  for (const auto& [node, share] : nodes)
    busiest = busier_node(busiest, share);
  return busiest;
}

} // namespace

NodeShare busier_node(const NodeShare& lower, const NodeShare& higher) {
  if (higher.processes == 0) return lower;
  if (lower.processes == 0 || larger_average(higher, lower)) return higher;
  return lower;
}

std::uint64_t outside_mpi_ns(const ProcessRecord& process) {
  const std::uint64_t outside = process.useful_ns + process.offload_ns + process.omp_load_imbalance_ns +
                                process.omp_scheduling_ns + process.omp_serialization_ns;
  return process.threads == 0 ? 0 : (outside + process.threads - 1) / process.threads;
}

void RegionFold::add(const ProcessRecord& process) {
  sums[processes] += 1;
  sums[visits] += process.visits;
  sums[useful_ns] += process.useful_ns;
  sums[mpi_ns] += process.mpi_ns;
  sums[offload_ns] += process.offload_ns;
  sums[omp_load_imbalance_ns] += process.omp_load_imbalance_ns;
  sums[omp_scheduling_ns] += process.omp_scheduling_ns;
  sums[omp_serialization_ns] += process.omp_serialization_ns;
  sums[useful_instructions] += process.useful_instructions;
  sums[useful_cycles] += process.useful_cycles;
  for (std::size_t slot = 0; slot < count_slot::total; ++slot)
    sums[count_sum(slot)] += process.counts[slot];
  const std::uint64_t outside_mpi = outside_mpi_ns(process);
  maxima[threads_per_process] = std::max(maxima[threads_per_process], process.threads);
  maxima[elapsed_ns] = std::max(maxima[elapsed_ns], process.elapsed_ns);
  maxima[outside_mpi_max_ns] = std::max(maxima[outside_mpi_max_ns], outside_mpi);
  maxima[mpi_calls_max] = std::max(maxima[mpi_calls_max], process.counts[count_slot::mpi_calls]);
  maxima[device_kernel_launches_max] =
      std::max(maxima[device_kernel_launches_max], process.counts[count_slot::device_kernel_launches]);
  add_node_share(process.node, {outside_mpi, 1});
}

void RegionFold::merge(const RegionFold& other) {
  for (std::size_t i = 0; i < sums.size(); ++i)
    sums[i] += other.sums[i];
  for (std::size_t i = 0; i < maxima.size(); ++i)
    maxima[i] = std::max(maxima[i], other.maxima[i]);
  for (const auto& [node, share] : other.nodes)
    add_node_share(node, share);
  nodes_compared_before += other.nodes_compared_before;
}

void RegionFold::add_node_share(std::uint64_t node, const NodeShare& share) {
  NodeShare& total = nodes[node];
  total.outside_mpi_ns += share.outside_mpi_ns;
  total.processes += share.processes;
}

RegionRaw RegionFold::finish(const MeasuredGroups& measured) const {
  RegionRaw raw;
  raw.processes = sums[processes];
  raw.threads_per_process = std::max<std::uint64_t>(maxima[threads_per_process], 1);
  raw.nodes = nodes_compared_before +
              static_cast<std::uint64_t>(std::count_if(nodes.begin(), nodes.end(),
                                                       [](const auto& node) { return node.second.processes > 0; }));
  raw.elapsed_ns = maxima[elapsed_ns];
  raw.useful_ns = sums[useful_ns];
  raw.mpi_ns = sums[mpi_ns];
  if (measured.offload || measured.openacc) raw.offload_ns = sums[offload_ns];
  raw.outside_mpi_max_ns = maxima[outside_mpi_max_ns];
  const NodeShare busiest = busiest_node(nodes);
  raw.busiest_node_outside_mpi_ns = busiest.outside_mpi_ns;
  raw.busiest_node_processes = busiest.processes;
  if (measured.openmp) {
    raw.openmp = OpenMpRaw{sums[omp_load_imbalance_ns], sums[omp_scheduling_ns], sums[omp_serialization_ns],
                           sums[count_sum(count_slot::omp_parallels)], sums[count_sum(count_slot::omp_tasks)]};
  }
  if (measured.mpi) {
    MpiRaw mpi{sums[count_sum(count_slot::mpi_calls)],
               maxima[mpi_calls_max],
               MpiRaw::ByKind{},
               sums[count_sum(count_slot::mpi_bytes_sent)],
               sums[count_sum(count_slot::mpi_bytes_received)],
               sums[count_sum(count_slot::mpi_collective_bytes)]};
    for (std::size_t kind = 0; kind < mpi_call_kinds.size(); ++kind)
      (*mpi.calls_by_kind)[kind] = sums[count_sum(count_slot::mpi_calls_by_kind + kind)];
    raw.mpi = mpi;
  }
  if (measured.offload) {
    LaunchesAndCopies work{.kernel_launches = sums[count_sum(count_slot::device_kernel_launches)],
                           .kernel_launches_max = maxima[device_kernel_launches_max]};
    for (std::size_t direction = 0; direction < device_copy_directions.size(); ++direction) {
      work.copies[direction] = sums[count_sum(count_slot::device_copies + direction)];
      work.copy_bytes[direction] = sums[count_sum(count_slot::device_copy_bytes + direction)];
    }
    raw.device_counts =
        DeviceCountsRaw{sums[count_sum(count_slot::device_runtime_calls)], work, measured.device_runtime};
  }
  if (measured.openacc) {
    OpenAccRaw openacc{.constructs_on_host = sums[count_sum(count_slot::openacc_constructs_on_host)]};
    for (std::size_t kind = 0; kind < openacc_construct_kinds.size(); ++kind)
      openacc.constructs[kind] = sums[count_sum(count_slot::openacc_constructs + kind)];
    for (std::size_t kind = 0; kind < openacc_enqueue_kinds.size(); ++kind)
      openacc.enqueues[kind] = sums[count_sum(count_slot::openacc_enqueues + kind)];
    raw.openacc = openacc;
  }
  if (measured.counters) raw.counters = CounterRaw{sums[useful_instructions], sums[useful_cycles]};
  return raw;
}

} // namespace tally::model
