// SPDX-License-Identifier: BSD-3-Clause
// The one fold of per-process records into a region's raw aggregates: which fields are sums and
// which maxima, a process's outside-MPI time and the busiest node are defined here and nowhere else.
#pragma once

#include "tally/model/region_counts.hpp"
#include "tally/model/region_raw.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>

namespace tally::model {

/// One process in one region. Times are nanoseconds summed over the process's threads.
struct ProcessRecord {
  std::uint64_t visits = 0;
  std::uint64_t threads = 1;
  std::uint64_t elapsed_ns = 0; ///< time the process spent inside the region
  std::uint64_t useful_ns = 0;
  std::uint64_t mpi_ns = 0; ///< includes threads idle while their master is in MPI
  std::uint64_t offload_ns = 0;
  std::uint64_t omp_load_imbalance_ns = 0;
  std::uint64_t omp_scheduling_ns = 0;
  std::uint64_t omp_serialization_ns = 0;
  std::uint64_t useful_instructions = 0;
  std::uint64_t useful_cycles = 0;
  std::uint64_t node = 0; ///< index of the node hosting the process
  Counts counts{};        ///< event counts summed over the process's threads
};

/// C_i, the process's time outside MPI averaged over its threads (POP's MPI view): every state
/// but MPI, divided by the thread count, rounded up so that an average never exceeds the maximum.
std::uint64_t outside_mpi_ns(const ProcessRecord& process);

/// The fold's state, one row per field: (name, sum|max), followed by the sums of the event counts
/// (region_counts.hpp, one sum per slot). The MPI reduction moves the sum fields with MPI_SUM and
/// the max fields with MPI_MAX without knowing what they are.
#define TALLY_REGION_FOLD_FIELDS(FIELD)                                                                                \
  FIELD(processes, sum)                                                                                                \
  FIELD(visits, sum)                                                                                                   \
  FIELD(useful_ns, sum)                                                                                                \
  FIELD(mpi_ns, sum)                                                                                                   \
  FIELD(offload_ns, sum)                                                                                               \
  FIELD(omp_load_imbalance_ns, sum)                                                                                    \
  FIELD(omp_scheduling_ns, sum)                                                                                        \
  FIELD(omp_serialization_ns, sum)                                                                                     \
  FIELD(useful_instructions, sum)                                                                                      \
  FIELD(useful_cycles, sum)                                                                                            \
  FIELD(threads_per_process, max)                                                                                      \
  FIELD(elapsed_ns, max)                                                                                               \
  FIELD(outside_mpi_max_ns, max)                                                                                       \
  FIELD(mpi_calls_max, max)                                                                                            \
  FIELD(device_kernel_launches_max, max)

#define TALLY_FOLD_SUM_INDEX_sum(name) name,
#define TALLY_FOLD_SUM_INDEX_max(name)
#define TALLY_FOLD_MAX_INDEX_sum(name)
#define TALLY_FOLD_MAX_INDEX_max(name) name,
#define TALLY_FOLD_SUM_INDEX(name, kind) TALLY_FOLD_SUM_INDEX_##kind(name)
#define TALLY_FOLD_MAX_INDEX(name, kind) TALLY_FOLD_MAX_INDEX_##kind(name)

/// Which optional groups were measured, so that `finish` reports them (an absent group is
/// "not measured", never 0).
struct MeasuredGroups {
  bool counters = false;
  bool openmp = false;
  bool offload = false; ///< CUDA or HIP measured: offload time and the device counts
  bool mpi = false;
  bool openacc = false; ///< OpenACC measured: offload time and the construct counts
  /// Whose calls the device counts are, when offload is measured. Moved across ranks as a number
  /// reduced by its maximum: HIP when any rank measured HIP (no process drives both runtimes).
  DeviceRuntime device_runtime = DeviceRuntime::cuda;
};

/// What the processes of one node contribute to the busiest-node rule. Shares of one node add up.
struct NodeShare {
  std::uint64_t outside_mpi_ns = 0; ///< sum of C_i over the node's processes
  std::uint64_t processes = 0;
};

/// The busiest-node rule for two nodes: the share with the larger average outside-MPI time; on a
/// tie `lower` (the lower node index), so that any grouping of nodes picks the same one. A share of
/// no processes never wins.
NodeShare busier_node(const NodeShare& lower, const NodeShare& higher);

/// The accumulator of one region over any set of processes. `add` and `merge` are associative and
/// commutative, so processes can be folded in any grouping: one at a time, per node, per rank.
struct RegionFold {
  /// `counts` is the sum of count slot 0; slot i is at count_sum(i).
  enum SumField : std::size_t {
    TALLY_REGION_FOLD_FIELDS(TALLY_FOLD_SUM_INDEX) counts,
    sum_field_count = static_cast<std::size_t>(counts) + std::size_t{count_slot::total}
  };
  /// The index in `sums` of count slot `slot` (model::count_slot).
  static constexpr std::size_t count_sum(std::size_t slot) { return static_cast<std::size_t>(counts) + slot; }
  enum MaxField : std::size_t { TALLY_REGION_FOLD_FIELDS(TALLY_FOLD_MAX_INDEX) max_field_count };

  std::array<std::uint64_t, sum_field_count> sums{};
  std::array<std::uint64_t, max_field_count> maxima{};
  /// By node index. Not a fixed-size field: the busiest node needs each node's complete sum
  /// before nodes are compared, so shares are kept per node until `finish`.
  std::map<std::uint64_t, NodeShare> nodes;
  /// Nodes whose complete shares were compared before the fold and left out of `nodes`, which
  /// keeps the busiest (the MPI reduction's tree: one share per region, whatever the nodes).
  /// Counted in RegionRaw::nodes.
  std::uint64_t nodes_compared_before = 0;

  void add(const ProcessRecord& process);
  void merge(const RegionFold& other);
  void add_node_share(std::uint64_t node, const NodeShare& share);

  /// No process entered the region.
  bool empty() const { return sums[processes] == 0; }

  /// The region's raw fields (all but `device`, which the device reduction fills; `device_counts`
  /// are folded here).
  RegionRaw finish(const MeasuredGroups& measured) const;
};

#undef TALLY_FOLD_SUM_INDEX_sum
#undef TALLY_FOLD_SUM_INDEX_max
#undef TALLY_FOLD_MAX_INDEX_sum
#undef TALLY_FOLD_MAX_INDEX_max
#undef TALLY_FOLD_SUM_INDEX
#undef TALLY_FOLD_MAX_INDEX

} // namespace tally::model
