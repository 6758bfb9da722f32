// SPDX-License-Identifier: BSD-3-Clause
// Scalability metrics across runs (scalability.hpp) against values computed by hand.
#include "tally/model/region_fold.hpp"
#include "tally/model/run_metrics.hpp"
#include "tally/model/scalability.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tally::model {
namespace {

using enum MetricId;
constexpr double tolerance = 1e-12;

// A run on one node where rank i spends useful[i] ns (summed over its threads) computing and the
// rest of `elapsed` in MPI; threads idle while their master is in MPI count as MPI.
RegionRaw run_of(const std::vector<std::uint64_t>& useful, std::uint64_t elapsed, std::uint64_t threads = 1) {
  RegionFold fold;
  for (const std::uint64_t rank_useful : useful) {
    fold.add({.visits = 1,
              .threads = threads,
              .elapsed_ns = elapsed,
              .useful_ns = rank_useful,
              .mpi_ns = threads * elapsed - rank_useful});
  }
  return fold.finish({});
}

RegionRaw with_counters(RegionRaw raw, std::uint64_t instructions, std::uint64_t cycles) {
  raw.counters = CounterRaw{.useful_instructions = instructions, .useful_cycles = cycles};
  return raw;
}

MetricValues scale(const RegionRaw& reference, const RegionRaw& run, Scaling scaling) {
  return compute_scalability(reference, run, compute_run_metrics(run), scaling);
}

void expect_value(const MetricValues& values, MetricId id, double expected) {
  const auto value = values.get(id);
  ASSERT_TRUE(value.has_value()) << metric_info(id).key << " is absent";
  EXPECT_NEAR(*value, expected, tolerance) << metric_info(id).key;
}

// The reference of the hand-made studies: one rank computing 1000 ns of a 1000 ns region,
// 2000 instructions in 1000 cycles (IPC 2 at 1 GHz).
RegionRaw one_rank_reference() { return with_counters(run_of({1000}, 1000), 2000, 1000); }

TEST(Scalability, strong_scaling_sees_extra_instructions_and_lower_ipc) {
  // The same problem on 4 ranks: 10% more instructions in total (2200), IPC down to 1.6
  // (1375 cycles) at 1.1 GHz (1250 ns useful, split 300, 310, 320, 320), T = 320.
  const RegionRaw run = with_counters(run_of({300, 310, 320, 320}, 320), 2200, 1375);
  const auto values = scale(one_rank_reference(), run, Scaling::strong);
  expect_value(values, computation_scalability, 1000.0 / 1250.0);
  expect_value(values, instruction_scaling, 2000.0 / 2200.0);
  expect_value(values, ipc_scaling, (2200.0 / 1375.0) / (2000.0 / 1000.0));
  expect_value(values, frequency_scaling, (1375.0 / 1250.0) / (1000.0 / 1000.0));
  expect_value(values, parallel_efficiency, 1250.0 / (4 * 320.0));
  expect_value(values, global_efficiency, 1000.0 / (4 * 320.0)); // useful_ref / (P * T)
  expect_value(values, speedup, 1000.0 / 320.0);
}

TEST(Scalability, weak_scaling_compares_work_per_cpu) {
  // Four times the problem on 4 ranks: each rank computes 1050 ns (5% more than the reference's
  // 1000) with 2200 instructions and 1155 cycles (1.1 GHz), then waits 50 ns: T = 1100.
  const RegionRaw run = with_counters(run_of({1050, 1050, 1050, 1050}, 1100), 4 * 2200, 4 * 1155);
  const auto values = scale(one_rank_reference(), run, Scaling::weak);
  expect_value(values, computation_scalability, 1000.0 / 1050.0);
  expect_value(values, instruction_scaling, 2000.0 / 2200.0);
  expect_value(values, ipc_scaling, (2200.0 / 1155.0) / 2.0);
  expect_value(values, frequency_scaling, 1.1);
  expect_value(values, parallel_efficiency, 4200.0 / (4 * 1100.0));
  expect_value(values, global_efficiency, (4200.0 / 4400.0) * (1000.0 / 1050.0));
  // Scaled speedup: 4 times the work in 1100 ns instead of 1000.
  expect_value(values, speedup, (1000.0 / 1100.0) * 4.0);
}

TEST(Scalability, weak_scaling_counts_threads_as_cpus) {
  // Reference 1 process x 2 threads (1000 ns useful per thread); run 2 processes x 4 threads
  // (1100 ns per thread). Per CPU: 1000 against 1100, not per process (2000 against 4400).
  const RegionRaw reference = run_of({2000}, 1000, 2);
  const RegionRaw run = run_of({4400, 4400}, 1100, 4);
  const auto values = scale(reference, run, Scaling::weak);
  expect_value(values, computation_scalability, 1000.0 / 1100.0);
  expect_value(values, speedup, (1000.0 / 1100.0) * (8.0 / 2.0));
}

TEST(Scalability, strong_scaling_compares_totals_whatever_the_threads) {
  // 1x2 CPUs against 2x4 CPUs on the same problem: 2000 ns useful against 2400 in total.
  const auto values = scale(run_of({2000}, 1000, 2), run_of({1200, 1200}, 300, 4), Scaling::strong);
  expect_value(values, computation_scalability, 2000.0 / 2400.0);
  expect_value(values, speedup, 1000.0 / 300.0);
}

TEST(Scalability, a_run_compared_with_itself_scales_perfectly) {
  const RegionRaw run = with_counters(run_of({700, 900, 800}, 1000, 2), 5000, 3100);
  for (const Scaling scaling : {Scaling::strong, Scaling::weak}) {
    const auto values = scale(run, run, scaling);
    for (const MetricId id : {computation_scalability, instruction_scaling, ipc_scaling, frequency_scaling, speedup})
      expect_value(values, id, 1.0);
    expect_value(values, global_efficiency, *values.get(parallel_efficiency));
  }
}

TEST(Scalability, global_efficiency_is_parallel_efficiency_times_computation_scalability) {
  const RegionRaw run = run_of({400, 500}, 600);
  const auto values = scale(one_rank_reference(), run, Scaling::strong);
  expect_value(values, parallel_efficiency, 900.0 / (2 * 600.0));
  expect_value(values, computation_scalability, 1000.0 / 900.0);
  expect_value(values, global_efficiency, (900.0 / 1200.0) * (1000.0 / 900.0));
}

TEST(Scalability, global_efficiency_exceeds_one_when_computation_scales_superlinearly) {
  // Documents a property of the POP definition, not a defect: splitting the problem can cut the
  // useful time (data fits in cache), so computation scalability and global efficiency pass 1
  // although the table declares global efficiency of kind "efficiency".
  const auto values = scale(one_rank_reference(), run_of({450, 450}, 450), Scaling::strong);
  expect_value(values, parallel_efficiency, 1.0);
  expect_value(values, global_efficiency, 1000.0 / 900.0);
}

TEST(Scalability, no_counters_leave_instruction_ipc_and_frequency_scaling_absent) {
  const RegionRaw plain = run_of({500, 500}, 500);
  for (const RegionRaw& reference : {run_of({1000}, 1000), one_rank_reference()}) {
    const auto values = scale(reference, plain, Scaling::strong);
    expect_value(values, computation_scalability, 1.0);
    EXPECT_FALSE(values.has(instruction_scaling));
    EXPECT_FALSE(values.has(ipc_scaling));
    EXPECT_FALSE(values.has(frequency_scaling));
  }
}

TEST(Scalability, keeps_the_run_metrics_it_was_given) {
  const RegionRaw run = run_of({300, 500}, 500);
  const MetricValues run_metrics = compute_run_metrics(run);
  const auto values = compute_scalability(one_rank_reference(), run, run_metrics, Scaling::strong);
  for (const MetricInfo& metric : metric_table()) {
    if (metric.scope == MetricScope::run) {
      EXPECT_EQ(values.get(metric.id), run_metrics.get(metric.id)) << metric.key;
    }
  }
}

TEST(Scalability, a_reference_without_cpus_adds_nothing) {
  const RegionRaw run = run_of({300, 500}, 500);
  const MetricValues run_metrics = compute_run_metrics(run);
  EXPECT_EQ(compute_scalability(RegionRaw{}, run, run_metrics, Scaling::strong), run_metrics);
}

TEST(Scalability, zero_elapsed_run_has_no_speedup) {
  const RegionRaw run = run_of({0}, 0);
  EXPECT_FALSE(scale(one_rank_reference(), run, Scaling::strong).has(speedup));
  EXPECT_FALSE(scale(one_rank_reference(), run, Scaling::strong).has(global_efficiency));
}

TEST(Scalability, scaling_names_round_trip) {
  for (const Scaling scaling : {Scaling::strong, Scaling::weak})
    EXPECT_EQ(scaling_from_string(to_string(scaling)), scaling);
  EXPECT_FALSE(scaling_from_string("Strong").has_value());
}

} // namespace
} // namespace tally::model
