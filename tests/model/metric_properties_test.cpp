// SPDX-License-Identifier: BSD-3-Clause
// Properties every metric must keep over thousands of random but consistent workloads.
#include "tally/model/metric_tree.hpp"
#include "tally/model/region_fold.hpp"
#include "tally/model/run_metrics.hpp"
#include "tally/model/scalability.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace tally::model {
namespace {

constexpr int cases = 4000;
constexpr double relative_tolerance = 1e-12;

// Draws per-process and per-device timelines that could really happen, then folds the processes
// (region_fold.hpp) into a region: every process spends R_i <= T in the region, its master m_i of it in
// MPI (all its threads count as MPI then), and the rest of every thread's time is split at
// random between useful, offload and the three OpenMP states. Devices are busy at most T.
class WorkloadGenerator {
public:
  explicit WorkloadGenerator(std::uint64_t seed) : rng_(seed) {}

  RegionRaw region(bool force_counters = false) {
    const std::uint64_t processes = uniform(1, 16);
    const std::uint64_t threads = chance(0.5) ? 1 : uniform(2, 8);
    const std::uint64_t node_count = uniform(1, processes);
    const bool openmp = chance(0.6);
    const bool offload = chance(0.5);
    // Tiny time scales make zeros (idle ranks, no useful work) common enough to matter.
    const std::uint64_t scale = chance(0.1) ? 3 : 1'000'000'000;

    RegionFold fold;
    for (std::uint64_t p = 0; p < processes; ++p) {
      const std::uint64_t in_region = uniform(0, scale);
      const std::uint64_t in_mpi = uniform(0, in_region);
      const std::uint64_t outside_mpi = in_region - in_mpi; // C_i
      const auto parts = split(threads * outside_mpi);      // U, W, L, S, Z summed over threads
      ProcessRecord process{.visits = 1, .threads = threads, .elapsed_ns = in_region, .mpi_ns = threads * in_mpi};
      // A state nobody measured is seen as useful time.
      process.useful_ns = parts[0] + (offload ? 0 : parts[1]) + (openmp ? 0 : parts[2] + parts[3] + parts[4]);
      if (offload) process.offload_ns = parts[1];
      if (openmp) {
        process.omp_load_imbalance_ns = parts[2];
        process.omp_scheduling_ns = parts[3];
        process.omp_serialization_ns = parts[4];
      }
      process.node = uniform(0, node_count - 1);
      fold.add(process);
    }
    RegionRaw raw = fold.finish({.openmp = openmp, .offload = offload});
    if (force_counters || chance(0.5)) raw.counters = counters(raw.useful_ns);
    if (chance(0.5)) raw.device = device(raw.elapsed_ns);
    return raw;
  }

private:
  std::uint64_t uniform(std::uint64_t low, std::uint64_t high) {
    return std::uniform_int_distribution<std::uint64_t>(low, high)(rng_);
  }
  bool chance(double probability) { return std::bernoulli_distribution(probability)(rng_); }

  // Five parts of `total` at four random cut points.
  std::array<std::uint64_t, 5> split(std::uint64_t total) {
    std::array<std::uint64_t, 6> cuts{0,    uniform(0, total), uniform(0, total), uniform(0, total), uniform(0, total),
                                      total};
    std::sort(cuts.begin() + 1, cuts.end() - 1);
    std::array<std::uint64_t, 5> parts{};
    for (std::size_t i = 0; i < parts.size(); ++i)
      parts[i] = cuts[i + 1] - cuts[i];
    return parts;
  }

  // IPC 0.1 to 4 and 0.5 to 5 GHz; a CPU that did useful work retired at least one instruction.
  CounterRaw counters(std::uint64_t useful) {
    if (useful == 0) return {};
    return {.useful_instructions = std::max<std::uint64_t>(1, useful * uniform(100, 4000) / 1000),
            .useful_cycles = std::max<std::uint64_t>(1, useful * uniform(500, 5000) / 1000)};
  }

  DeviceRaw device(std::uint64_t elapsed) {
    DeviceRaw device{.devices = uniform(1, 8)};
    for (std::uint64_t j = 0; j < device.devices; ++j) {
      const std::uint64_t active = uniform(0, elapsed); // K_j + D_j, inside the region
      const std::uint64_t kernel = uniform(0, active);
      device.kernel_ns += kernel;
      device.memory_ns += active - kernel;
      device.kernel_max_ns = std::max(device.kernel_max_ns, kernel);
      device.active_max_ns = std::max(device.active_max_ns, active);
    }
    return device;
  }

  std::mt19937_64 rng_;
};

void expect_relative(double actual, double expected, const char* what) {
  EXPECT_LE(std::abs(actual - expected), relative_tolerance * std::abs(expected))
      << what << ": " << actual << " vs " << expected;
}

// Every parent present with at least one present child equals the product of its present
// children; an absent child stands for a factor that does not apply (e.g. no OpenMP).
void expect_products(const MetricValues& values) {
  for (const MetricInfo& parent : metric_table()) {
    if (!is_product_of_children(parent.id) || !values.has(parent.id)) continue;
    double product = 1.0;
    int present = 0;
    for (const MetricInfo& child : metric_table()) {
      if (child.parent != parent.id || !values.has(child.id)) continue;
      product *= *values.get(child.id);
      ++present;
    }
    if (present > 0) expect_relative(product, *values.get(parent.id), parent.key.data());
  }
}

TEST(MetricProperties, every_run_parent_is_the_product_of_its_present_children) {
  WorkloadGenerator generator(0x7a11);
  for (int i = 0; i < cases; ++i) {
    SCOPED_TRACE(i);
    expect_products(compute_run_metrics(generator.region()));
  }
}

TEST(MetricProperties, every_run_efficiency_lies_between_zero_and_one) {
  WorkloadGenerator generator(0x7a12);
  std::array<int, metric_count> seen{};
  for (int i = 0; i < cases; ++i) {
    SCOPED_TRACE(i);
    const auto values = compute_run_metrics(generator.region());
    for (const MetricInfo& metric : metric_table()) {
      if (!values.has(metric.id)) continue;
      ++seen[static_cast<std::size_t>(metric.id)];
      const double value = *values.get(metric.id);
      EXPECT_TRUE(std::isfinite(value)) << metric.key;
      if (metric.kind == MetricKind::efficiency) {
        EXPECT_GE(value, 0.0) << metric.key;
        EXPECT_LE(value, 1.0) << metric.key;
      }
    }
  }
  // The generator must reach every run metric often, or the properties above prove little.
  for (const MetricInfo& metric : metric_table()) {
    if (metric.scope == MetricScope::run) {
      EXPECT_GT(seen[static_cast<std::size_t>(metric.id)], cases / 10) << metric.key;
    }
  }
}

TEST(MetricProperties, a_present_run_metric_has_its_parent_present) {
  WorkloadGenerator generator(0x7a13);
  for (int i = 0; i < cases; ++i) {
    SCOPED_TRACE(i);
    const auto values = compute_run_metrics(generator.region());
    for (const MetricInfo& metric : metric_table()) {
      if (!metric.parent || metric_info(*metric.parent).scope != MetricScope::run || !values.has(metric.id)) continue;
      EXPECT_TRUE(values.has(*metric.parent)) << metric.key << " without " << metric_info(*metric.parent).key;
    }
  }
}

TEST(MetricProperties, computation_scalability_is_instruction_times_ipc_times_frequency_scaling) {
  WorkloadGenerator generator(0x7a14);
  int checked = 0;
  for (int i = 0; i < cases; ++i) {
    SCOPED_TRACE(i);
    const RegionRaw reference = generator.region(true);
    const RegionRaw run = generator.region(true);
    for (const Scaling scaling : {Scaling::strong, Scaling::weak}) {
      const auto values = compute_scalability(reference, run, compute_run_metrics(run), scaling);
      const auto computation = values.get(MetricId::computation_scalability);
      const auto instructions = values.get(MetricId::instruction_scaling);
      const auto ipc = values.get(MetricId::ipc_scaling);
      const auto frequency = values.get(MetricId::frequency_scaling);
      if (!computation || !instructions || !ipc || !frequency) continue;
      expect_relative(*instructions * *ipc * *frequency, *computation, to_string(scaling).data());
      ++checked;
    }
  }
  EXPECT_GT(checked, cases); // both scalings, most cases
}

TEST(MetricProperties, global_efficiency_is_parallel_efficiency_times_computation_scalability) {
  WorkloadGenerator generator(0x7a15);
  int checked = 0;
  for (int i = 0; i < cases; ++i) {
    SCOPED_TRACE(i);
    const RegionRaw reference = generator.region();
    const RegionRaw run = generator.region();
    for (const Scaling scaling : {Scaling::strong, Scaling::weak}) {
      const auto values = compute_scalability(reference, run, compute_run_metrics(run), scaling);
      expect_products(values);
      const auto parallel = values.get(MetricId::parallel_efficiency);
      const auto computation = values.get(MetricId::computation_scalability);
      ASSERT_EQ(values.has(MetricId::global_efficiency), parallel && computation);
      if (!parallel || !computation) continue;
      expect_relative(*values.get(MetricId::global_efficiency), *parallel * *computation, to_string(scaling).data());
      ++checked;
    }
  }
  EXPECT_GT(checked, cases);
}

} // namespace
} // namespace tally::model
