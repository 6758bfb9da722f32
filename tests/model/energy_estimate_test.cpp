// SPDX-License-Identifier: BSD-3-Clause
// The model estimate of energy (energy_estimate.hpp) on regions whose joules are computed by hand.
#include "tally/model/energy_estimate.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

constexpr std::uint64_t second = 1'000'000'000;
constexpr double tolerance = 1e-9;

// 2 nodes, 4 processes of 2 threads, 10 s: 60 s of useful time over the 8 threads, 15 s in MPI,
// 5 s in OpenMP's waiting states (3 + 1 + 1).
RegionRaw hybrid_region() {
  RegionRaw raw;
  raw.processes = 4;
  raw.threads_per_process = 2;
  raw.nodes = 2;
  raw.elapsed_ns = 10 * second;
  raw.useful_ns = 60 * second;
  raw.mpi_ns = 15 * second;
  raw.openmp = OpenMpRaw{.load_imbalance_ns = 3 * second, .scheduling_ns = second, .serialization_ns = second};
  return raw;
}

const NodePowerProfile cpu_profile{.node_idle_watts = 100, .core_useful_watts = 10, .core_waiting_watts = 4};

TEST(EnergyEstimate, NodesIdleOverTheElapsedTimePlusTheCoresUsefulAndWaitingTime) {
  // 2 nodes × 10 s × 100 W + 60 s × 10 W + (15 + 5) s × 4 W = 2000 + 600 + 80 J.
  const EnergyEstimate estimate = estimate_energy(hybrid_region(), cpu_profile);
  EXPECT_NEAR(estimate.cpu_joules, 2680.0, tolerance);
  EXPECT_FALSE(estimate.gpu_joules);
  EXPECT_NEAR(estimate.total_joules(), 2680.0, tolerance);
}

TEST(EnergyEstimate, TimeInTheDeviceRuntimeIsWaiting) {
  RegionRaw raw = hybrid_region();
  raw.offload_ns = 5 * second; // + 5 s × 4 W
  EXPECT_NEAR(estimate_energy(raw, cpu_profile).cpu_joules, 2700.0, tolerance);
}

TEST(EnergyEstimate, GpusIdleOverTheElapsedTimePlusTheirKernelAndCopyTime) {
  RegionRaw raw = hybrid_region();
  raw.device = DeviceRaw{.devices = 2,
                         .kernel_ns = 12 * second,
                         .kernel_max_ns = 7 * second,
                         .memory_ns = 3 * second,
                         .active_max_ns = 8 * second};
  NodePowerProfile profile = cpu_profile;
  profile.gpu_idle_watts = 50;
  profile.gpu_busy_watts = 200;
  // 2 GPUs × 10 s × 50 W + (12 + 3) s × 200 W = 1000 + 3000 J.
  const EnergyEstimate estimate = estimate_energy(raw, profile);
  ASSERT_TRUE(estimate.gpu_joules);
  EXPECT_NEAR(*estimate.gpu_joules, 4000.0, tolerance);
  EXPECT_NEAR(estimate.total_joules(), 6680.0, tolerance);
}

TEST(EnergyEstimate, GpusAreNotEstimatedWithoutTheirPowerInTheProfile) {
  RegionRaw raw = hybrid_region();
  raw.device = DeviceRaw{.devices = 1, .kernel_ns = second};
  EXPECT_FALSE(estimate_energy(raw, cpu_profile).gpu_joules);
}

} // namespace
} // namespace tally::model
