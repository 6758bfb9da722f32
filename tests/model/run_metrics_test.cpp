// SPDX-License-Identifier: BSD-3-Clause
// The POP metrics of one run (run_metrics.hpp) against values computed by hand for small workloads.
#include "tally/model/region_fold.hpp"
#include "tally/model/run_metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace tally::model {
namespace {

using enum MetricId;
constexpr double tolerance = 1e-12;

// One process of a hand-made workload. Times are nanoseconds summed over the threads of the
// process; small numbers keep the arithmetic in the comments checkable by eye.
struct Rank {
  std::uint64_t node = 0;
  std::uint64_t useful = 0;
  std::uint64_t offload = 0;
  std::uint64_t mpi = 0;
  std::uint64_t omp_load_imbalance = 0;
  std::uint64_t omp_scheduling = 0;
  std::uint64_t omp_serialization = 0;
};

struct Workload {
  std::uint64_t threads = 1;
  bool offload_measured = false;
  bool openmp = false;
  std::vector<Rank> ranks;
};

// Aggregates per-rank times through the one fold (region_fold.hpp). Every thread of a process
// spends the same time in the region, so its elapsed time is its thread time over its threads.
RegionRaw aggregate(const Workload& workload) {
  RegionFold fold;
  for (const Rank& rank : workload.ranks) {
    const std::uint64_t thread_time =
        rank.useful + rank.offload + rank.mpi + rank.omp_load_imbalance + rank.omp_scheduling + rank.omp_serialization;
    fold.add({.visits = 1,
              .threads = workload.threads,
              .elapsed_ns = thread_time / workload.threads,
              .useful_ns = rank.useful,
              .mpi_ns = rank.mpi,
              .offload_ns = rank.offload,
              .omp_load_imbalance_ns = rank.omp_load_imbalance,
              .omp_scheduling_ns = rank.omp_scheduling,
              .omp_serialization_ns = rank.omp_serialization,
              .node = rank.node});
  }
  return fold.finish({.openmp = workload.openmp, .offload = workload.offload_measured});
}

void expect_value(const MetricValues& values, MetricId id, double expected) {
  const auto value = values.get(id);
  ASSERT_TRUE(value.has_value()) << metric_info(id).key << " is absent";
  EXPECT_NEAR(*value, expected, tolerance) << metric_info(id).key;
}

void expect_absent(const MetricValues& values, std::initializer_list<MetricId> ids) {
  for (const MetricId id : ids)
    EXPECT_FALSE(values.has(id)) << metric_info(id).key << " = " << values.get(id).value_or(-1.0);
}

TEST(RunMetrics, load_balance_sees_imbalance_without_mpi) {
  // Rank r computes r+1 ns and leaves the region; rank 0 is simply done early. T = 2.
  const auto values = compute_run_metrics(aggregate({.ranks = {{.useful = 1}, {.useful = 2}}}));
  expect_value(values, parallel_efficiency, 3.0 / (2 * 2.0));
  expect_value(values, mpi_parallel_efficiency, 3.0 / (2 * 2.0));
  expect_value(values, mpi_load_balance, 3.0 / (2 * 2.0));
  expect_value(values, mpi_communication_efficiency, 2.0 / 2.0);
  expect_value(values, mpi_load_balance_in, 3.0 / (2 * 2.0)); // one node holds all imbalance
  expect_value(values, mpi_load_balance_out, 1.0);
  expect_value(values, elapsed_ns, 2.0);
}

TEST(RunMetrics, mpi_waiting_splits_into_load_balance_and_communication) {
  // Rank r computes r+1 ns then waits in MPI until everyone has; the exit costs 1 ns: T = 5.
  // C = 1, 2, 3, 4: sum 10, max 4.
  Workload workload;
  for (std::uint64_t r = 0; r < 4; ++r)
    workload.ranks.push_back({.useful = r + 1, .mpi = 5 - (r + 1)});
  const auto values = compute_run_metrics(aggregate(workload));
  expect_value(values, parallel_efficiency, 10.0 / (4 * 5.0));
  expect_value(values, mpi_parallel_efficiency, 10.0 / (4 * 5.0));
  expect_value(values, mpi_load_balance, 10.0 / (4 * 4.0));
  expect_value(values, mpi_communication_efficiency, 4.0 / 5.0);
}

TEST(RunMetrics, offload_time_is_busy_for_mpi_but_not_useful) {
  // Rank r computes 10(r+1) ns and spends 5 ns in the CUDA runtime; rank 0 waits 10 ns in MPI.
  // U = 30, W = 10, C = 15, 25, T = 25.
  const auto values = compute_run_metrics(aggregate(
      {.offload_measured = true, .ranks = {{.useful = 10, .offload = 5, .mpi = 10}, {.useful = 20, .offload = 5}}}));
  expect_value(values, parallel_efficiency, 30.0 / (2 * 25.0));
  expect_value(values, mpi_parallel_efficiency, 40.0 / (2 * 25.0));
  expect_value(values, mpi_load_balance, 20.0 / 25.0);
  expect_value(values, mpi_communication_efficiency, 25.0 / 25.0);
  expect_value(values, device_offload_efficiency, 30.0 / 40.0);
}

TEST(RunMetrics, load_balance_splits_by_node_averages) {
  // Ranks 0, 1 on node 0 and 2, 3 on node 1; rank r computes r+1 ns, T = 4. C = 1, 2 | 3, 4.
  // Busiest node average 3.5, max 4, overall average 2.5.
  Workload workload;
  for (std::uint64_t r = 0; r < 4; ++r)
    workload.ranks.push_back({.node = r / 2, .useful = r + 1, .mpi = 4 - (r + 1)});
  const auto values = compute_run_metrics(aggregate(workload));
  expect_value(values, mpi_load_balance, 2.5 / 4.0);
  expect_value(values, mpi_load_balance_in, 3.5 / 4.0);
  expect_value(values, mpi_load_balance_out, 2.5 / 3.5);
}

TEST(RunMetrics, nodes_with_equal_averages_keep_all_imbalance_in_node) {
  // Same ranks, placed 0, 3 on node 0 and 1, 2 on node 1: both nodes average 2.5.
  Workload workload;
  for (std::uint64_t r = 0; r < 4; ++r)
    workload.ranks.push_back({.node = (r == 0 || r == 3) ? 0u : 1u, .useful = r + 1, .mpi = 4 - (r + 1)});
  const auto values = compute_run_metrics(aggregate(workload));
  expect_value(values, mpi_load_balance_in, 2.5 / 4.0);
  expect_value(values, mpi_load_balance_out, 1.0);
}

TEST(RunMetrics, openmp_splits_into_load_balance_scheduling_and_serialization) {
  // Two ranks of two threads, each thread 10 ns in the region.
  // rank 0: master U 5 + W 2 + MPI 3 + 0 | worker U 2 + L 1 + S 1 + Z 1 + MPI 5 (idle while master
  //         is in MPI counts as MPI): U 7, W 2, L 1, S 1, Z 1, M 8, C_0 = 12 / 2 = 6
  // rank 1: master U 8 + MPI 2 | worker U 6 + L 2 + MPI 2: U 14, L 2, M 4, C_1 = 16 / 2 = 8
  // Totals: U 21, W 2, L 3, S 1, Z 1; U + W = 23.
  const auto values = compute_run_metrics(aggregate(
      {.threads = 2,
       .offload_measured = true,
       .openmp = true,
       .ranks = {
           {.useful = 7, .offload = 2, .mpi = 8, .omp_load_imbalance = 1, .omp_scheduling = 1, .omp_serialization = 1},
           {.useful = 14, .mpi = 4, .omp_load_imbalance = 2}}}));
  expect_value(values, parallel_efficiency, 21.0 / (2 * 2 * 10.0));
  expect_value(values, mpi_parallel_efficiency, (6.0 + 8.0) / (2 * 10.0));
  expect_value(values, mpi_load_balance, 7.0 / 8.0);
  expect_value(values, mpi_communication_efficiency, 8.0 / 10.0);
  expect_value(values, omp_parallel_efficiency, 23.0 / 28.0);
  expect_value(values, omp_load_balance, 23.0 / 26.0);
  expect_value(values, omp_scheduling_efficiency, 26.0 / 27.0);
  expect_value(values, omp_serialization_efficiency, 27.0 / 28.0);
  expect_value(values, device_offload_efficiency, 21.0 / 23.0);
}

TEST(RunMetrics, counters_give_ipc_and_frequency_of_useful_time) {
  // rank 0: 1 ms useful, 2e6 cycles, 3e6 instructions; rank 1: 2 ms, 5e6 cycles, 5e6 instructions.
  RegionRaw raw = aggregate({.ranks = {{.useful = 1'000'000}, {.useful = 2'000'000}}});
  raw.counters = CounterRaw{.useful_instructions = 8'000'000, .useful_cycles = 7'000'000};
  const auto values = compute_run_metrics(raw);
  expect_value(values, useful_ipc, 8.0 / 7.0);
  expect_value(values, useful_frequency_ghz, 7.0 / 3.0); // 7e6 cycles in 3e6 ns
  expect_value(values, useful_instructions, 8e6);
}

TEST(RunMetrics, device_metrics_follow_kernel_and_memory_time) {
  // Each rank drives one GPU for T = 10 ns (2 ns useful, 8 ns in the runtime).
  // GPU 0: kernels 4, memory not overlapped 2; GPU 1: kernels 6, memory 1.
  RegionRaw raw =
      aggregate({.offload_measured = true, .ranks = {{.useful = 2, .offload = 8}, {.useful = 2, .offload = 8}}});
  raw.device = DeviceRaw{.devices = 2, .kernel_ns = 10, .kernel_max_ns = 6, .memory_ns = 3, .active_max_ns = 7};
  const auto values = compute_run_metrics(raw);
  expect_value(values, device_parallel_efficiency, 10.0 / (2 * 10.0));
  expect_value(values, device_load_balance, 10.0 / (2 * 6.0));
  expect_value(values, device_communication_efficiency, 6.0 / 7.0);
  expect_value(values, device_orchestration_efficiency, 7.0 / 10.0);
  expect_value(values, device_offload_efficiency, 4.0 / 20.0);
}

TEST(RunMetrics, one_rank_is_perfectly_balanced) {
  const auto values = compute_run_metrics(aggregate({.ranks = {{.useful = 8, .mpi = 2}}}));
  expect_value(values, mpi_load_balance, 1.0);
  expect_value(values, mpi_load_balance_in, 1.0);
  expect_value(values, mpi_load_balance_out, 1.0);
  expect_value(values, mpi_communication_efficiency, 8.0 / 10.0);
  expect_value(values, parallel_efficiency, 8.0 / 10.0);
}

TEST(RunMetrics, zero_elapsed_time_leaves_efficiencies_absent) {
  // A region entered and left at once: every time is 0, so no ratio has a denominator.
  RegionRaw raw = aggregate({.threads = 2, .offload_measured = true, .openmp = true, .ranks = {{}, {}}});
  raw.device = DeviceRaw{.devices = 1};
  const auto values = compute_run_metrics(raw);
  for (const MetricInfo& metric : metric_table()) {
    if (metric.kind == MetricKind::efficiency) {
      EXPECT_FALSE(values.has(metric.id)) << metric.key;
    }
    if (values.has(metric.id)) {
      EXPECT_FALSE(std::isnan(*values.get(metric.id))) << metric.key;
    }
  }
  expect_value(values, elapsed_ns, 0.0);
}

TEST(RunMetrics, region_entered_on_some_ranks_is_measured_over_those_ranks) {
  // A 4-rank job where only ranks 1 and 3 enter the region (computing 2 and 4 ns): P = 2, not 4.
  // Ranks that never entered are not idle resources of the region; 6 / (4 * 4) would be wrong.
  const RegionRaw raw = aggregate({.ranks = {{.useful = 2, .mpi = 2}, {.useful = 4}}});
  ASSERT_EQ(raw.processes, 2u);
  const auto values = compute_run_metrics(raw);
  expect_value(values, mpi_load_balance, 6.0 / (2 * 4.0));
  expect_value(values, parallel_efficiency, 6.0 / (2 * 4.0));
}

TEST(RunMetrics, no_device_and_no_offload_leave_device_metrics_absent) {
  const auto values = compute_run_metrics(aggregate({.ranks = {{.useful = 3}, {.useful = 4}}}));
  expect_absent(values, {device_offload_efficiency, device_parallel_efficiency, device_load_balance,
                         device_communication_efficiency, device_orchestration_efficiency});
  expect_value(values, parallel_efficiency, 7.0 / 8.0);
}

TEST(RunMetrics, no_counters_leave_computation_metrics_absent) {
  const auto values = compute_run_metrics(aggregate({.ranks = {{.useful = 3}}}));
  expect_absent(values, {useful_ipc, useful_frequency_ghz, useful_instructions});
  expect_value(values, elapsed_ns, 3.0);
}

TEST(RunMetrics, no_openmp_leaves_omp_metrics_absent) {
  const auto values = compute_run_metrics(aggregate({.ranks = {{.useful = 3}, {.useful = 1, .mpi = 2}}}));
  expect_absent(values,
                {omp_parallel_efficiency, omp_load_balance, omp_scheduling_efficiency, omp_serialization_efficiency});
  expect_value(values, mpi_parallel_efficiency, 4.0 / 6.0);
}

TEST(RunMetrics, no_processes_leave_host_metrics_absent) {
  RegionRaw raw;
  raw.elapsed_ns = 10;
  const auto values = compute_run_metrics(raw);
  expect_absent(values, {parallel_efficiency, mpi_parallel_efficiency, mpi_load_balance, mpi_communication_efficiency});
}

} // namespace
} // namespace tally::model
