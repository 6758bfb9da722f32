// SPDX-License-Identifier: BSD-3-Clause
// The host and device metrics of use cases from the TALP GPU metrics paper ("Multi-Level
// Performance Metrics for GPU-Accelerated Applications"), rebuilt as 2-rank timelines.
#include "tally/model/region_fold.hpp"
#include "tally/model/run_metrics.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace tally::model {
namespace {

using enum MetricId;
constexpr std::uint64_t ms = 1'000'000; // ns

void expect_about(const MetricValues& values, MetricId id, double paper_value, double tolerance) {
  const auto value = values.get(id);
  ASSERT_TRUE(value.has_value()) << metric_info(id).key << " is absent";
  EXPECT_NEAR(*value, paper_value, tolerance) << metric_info(id).key;
}

// Use case "loaded GPUs, well balanced". T = 100 ms. Each rank drives one GPU and only
// offloads: 16 ms of useful host work, the other 84 ms inside the CUDA runtime (launches and
// synchronisation), no MPI wait. Each GPU runs kernels 82 ms and copies nothing.
RegionRaw loaded_gpus_well_balanced() {
  const ProcessRecord rank{.visits = 1, .elapsed_ns = 100 * ms, .useful_ns = 16 * ms, .offload_ns = 84 * ms};
  RegionFold fold;
  fold.add(rank);
  fold.add(rank);
  RegionRaw raw = fold.finish({.offload = true});
  raw.device = DeviceRaw{
      .devices = 2, .kernel_ns = 2 * 82 * ms, .kernel_max_ns = 82 * ms, .memory_ns = 0, .active_max_ns = 82 * ms};
  return raw;
}

TEST(GpuPaperCases, loaded_well_balanced_gpus_lose_only_offload_and_orchestration) {
  const auto values = compute_run_metrics(loaded_gpus_well_balanced());
  constexpr double tolerance = 0.01;
  expect_about(values, parallel_efficiency, 0.16, tolerance);       // 32 / (2 * 100)
  expect_about(values, device_offload_efficiency, 0.16, tolerance); // 32 / (32 + 168)
  expect_about(values, mpi_parallel_efficiency, 1.00, tolerance);
  expect_about(values, mpi_load_balance, 1.00, tolerance);
  expect_about(values, mpi_communication_efficiency, 1.00, tolerance);
  expect_about(values, device_parallel_efficiency, 0.82, tolerance); // 164 / (2 * 100)
  expect_about(values, device_load_balance, 1.00, tolerance);
  expect_about(values, device_communication_efficiency, 1.00, tolerance); // 82 / 82
  expect_about(values, device_orchestration_efficiency, 0.82, tolerance); // 82 / 100
}

// Use case 6, "large host-device data movement". Paper values: host parallel efficiency 0.06,
// MPI load balance 0.72, device offload 0.09; device parallel efficiency 0.31, communication
// 0.36, orchestration 0.86. Working back to a timeline with T = 1000 ms:
// - MPI parallel efficiency = 0.06 / 0.09 = 2/3, so sum C_i = 2/3 * 2 * 1000 ms = 1334 ms.
// - MPI communication = (2/3) / 0.72 = 0.926, so max C_i = 926 ms; the other rank has 408 ms.
// - offload = U / (U + W) = 0.09 of 1334 ms, so U = 120 ms: 60 ms per rank, W = 866 + 348 ms.
//   Rank 0 copies synchronously (866 ms in the runtime, 74 ms in MPI); rank 1 queues its
//   copies asynchronously (348 ms in the runtime) and waits 592 ms in MPI for rank 0.
// - orchestration = 0.86, so max_j (K_j + D_j) = 860 ms.
// - communication = 0.36, so max K_j = 0.36 * 860 = 309.6, rounded to 310 ms.
// - device parallel efficiency = 0.31, so sum K_j = 0.31 * 2 * 1000 = 620 ms = 2 * 310: both
//   GPUs run 310 ms of kernels (device load balance 0.31 / (0.36 * 0.86) = 1.00) and spend
//   860 - 310 = 550 ms in copies not overlapped with kernels.
RegionRaw large_host_device_data_movement() {
  RegionFold fold;
  fold.add({.visits = 1, .elapsed_ns = 1000 * ms, .useful_ns = 60 * ms, .mpi_ns = 74 * ms, .offload_ns = 866 * ms});
  fold.add({.visits = 1, .elapsed_ns = 1000 * ms, .useful_ns = 60 * ms, .mpi_ns = 592 * ms, .offload_ns = 348 * ms});
  RegionRaw raw = fold.finish({.offload = true});
  raw.device = DeviceRaw{.devices = 2,
                         .kernel_ns = (310 + 310) * ms,
                         .kernel_max_ns = 310 * ms,
                         .memory_ns = (550 + 550) * ms,
                         .active_max_ns = 860 * ms};
  return raw;
}

TEST(GpuPaperCases, large_data_movement_shows_in_offload_and_device_communication) {
  const auto values = compute_run_metrics(large_host_device_data_movement());
  constexpr double tolerance = 0.02;
  expect_about(values, parallel_efficiency, 0.06, tolerance);
  expect_about(values, mpi_load_balance, 0.72, tolerance);
  expect_about(values, device_offload_efficiency, 0.09, tolerance);
  expect_about(values, device_parallel_efficiency, 0.31, tolerance);
  expect_about(values, device_communication_efficiency, 0.36, tolerance);
  expect_about(values, device_orchestration_efficiency, 0.86, tolerance);
  // Implied by the products of the tree rather than quoted from the paper.
  expect_about(values, mpi_parallel_efficiency, 0.06 / 0.09, tolerance);
  expect_about(values, device_load_balance, 1.00, tolerance);
}

} // namespace
} // namespace tally::model
