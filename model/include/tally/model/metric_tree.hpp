// SPDX-License-Identifier: BSD-3-Clause
// The POP metric tree as data: identifiers, display names, parents and directions. The text
// report, the site and the gate all draw the tree from here.
#pragma once

#include <array>
#include <bitset>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace tally::model {

/// Every metric tally knows. The order is the display order of the tree (depth first).
enum class MetricId : std::size_t {
  global_efficiency,
  parallel_efficiency,
  mpi_parallel_efficiency,
  mpi_communication_efficiency,
  mpi_load_balance,
  mpi_load_balance_in,
  mpi_load_balance_out,
  omp_parallel_efficiency,
  omp_load_balance,
  omp_scheduling_efficiency,
  omp_serialization_efficiency,
  device_offload_efficiency,
  computation_scalability,
  instruction_scaling,
  ipc_scaling,
  frequency_scaling,
  device_parallel_efficiency,
  device_load_balance,
  device_communication_efficiency,
  device_orchestration_efficiency,
  useful_ipc,
  useful_frequency_ghz,
  useful_instructions,
  elapsed_ns,
  energy_j,
  speedup,
};

inline constexpr std::size_t metric_count = static_cast<std::size_t>(MetricId::speedup) + 1;

/// What kind of number a metric is; decides formatting and the gate's default tolerance.
enum class MetricKind {
  efficiency, // a ratio in [0, 1], higher is better
  ratio,      // a dimensionless ratio that may exceed 1 (scalings, speedup, IPC)
  frequency,  // GHz
  count,      // an integer count of events
  time,       // nanoseconds
  energy,     // joules
};

/// Whether a metric describes one run (computed from its raw aggregates), needs a reference run of a
/// scaling study, or is the region's energy: measured by sensors or modelled, never computed from
/// the raw aggregates, so a run document stores it as `energy`, not among its metrics.
enum class MetricScope { run, across_runs, energy };

struct MetricInfo {
  MetricId id;
  std::string_view key;           ///< identifier used in documents, configuration and URLs
  std::string_view display_name;  ///< human name, e.g. "MPI load balance"
  std::optional<MetricId> parent; ///< the metric this one multiplies into, if any
  MetricKind kind;
  MetricScope scope;
  bool higher_is_better;
};

/// The whole tree, indexed by MetricId.
std::span<const MetricInfo, metric_count> metric_table();

/// The row of one metric.
const MetricInfo& metric_info(MetricId id);

/// Looks a metric up by its key; nullopt for an unknown key.
std::optional<MetricId> metric_from_key(std::string_view key);

/// A set of metrics, indexed by MetricId: those a report or a table shows.
using MetricSet = std::bitset<metric_count>;

/// The nearest ancestor of `id` in `shown`: the metric it hangs under when a branch of the tree
/// (OpenMP, device, scalability) is not shown. nullopt for a root of what is shown.
std::optional<MetricId> shown_parent(MetricId id, const MetricSet& shown);

/// How many ancestors of `id` are in `shown`: the one indentation rule of the metric tree, in
/// `tally report` and in the site's tables.
int shown_depth(MetricId id, const MetricSet& shown);

/// True for metrics whose value is the product of their children's values.
bool is_product_of_children(MetricId id);

} // namespace tally::model
