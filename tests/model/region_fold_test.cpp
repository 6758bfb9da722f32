// SPDX-License-Identifier: BSD-3-Clause
// The fold of per-process records into a region's raw fields (region_fold.hpp), against values
// computed by hand, in any grouping of the processes: what the MPI reduction relies on.
#include "tally/model/region_fold.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace tally::model {
namespace {

constexpr MeasuredGroups everything{.counters = true, .openmp = true, .offload = true};

// Four processes on two nodes. C_i = (U + W + L + S + Z) / threads, rounded up:
//   rank 0, node 0: (120 + 10 + 5 + 3 + 2) / 2 = 70
//   rank 1, node 0: (150 + 11) / 2 = 80.5 -> 81
//   rank 2, node 1: (90 + 20) / 2 = 55
//   rank 3, node 1: 86 / 1 = 86
// Node 0 averages 151 / 2 = 75.5, node 1 141 / 2 = 70.5: node 0 is the busiest, although the
// largest C_i (rank 3) is on node 1.
const std::vector<ProcessRecord> four_ranks = {
    {.visits = 3,
     .threads = 2,
     .elapsed_ns = 100,
     .useful_ns = 120,
     .mpi_ns = 60,
     .offload_ns = 10,
     .omp_load_imbalance_ns = 5,
     .omp_scheduling_ns = 3,
     .omp_serialization_ns = 2,
     .useful_instructions = 1000,
     .useful_cycles = 500,
     .node = 0},
    {.visits = 3,
     .threads = 2,
     .elapsed_ns = 110,
     .useful_ns = 150,
     .mpi_ns = 40,
     .omp_load_imbalance_ns = 11,
     .useful_instructions = 2000,
     .useful_cycles = 900,
     .node = 0},
    {.visits = 4,
     .threads = 2,
     .elapsed_ns = 120,
     .useful_ns = 90,
     .mpi_ns = 100,
     .offload_ns = 20,
     .useful_instructions = 700,
     .useful_cycles = 400,
     .node = 1},
    {.visits = 5,
     .threads = 1,
     .elapsed_ns = 90,
     .useful_ns = 86,
     .mpi_ns = 4,
     .useful_instructions = 300,
     .useful_cycles = 100,
     .node = 1},
};

RegionFold fold_of(const std::vector<ProcessRecord>& records) {
  RegionFold fold;
  for (const ProcessRecord& record : records)
    fold.add(record);
  return fold;
}

RegionRaw hand_computed_four_ranks() {
  RegionRaw raw;
  raw.processes = 4;
  raw.threads_per_process = 2;
  raw.nodes = 2;
  raw.elapsed_ns = 120;
  raw.useful_ns = 120 + 150 + 90 + 86;
  raw.mpi_ns = 60 + 40 + 100 + 4;
  raw.offload_ns = 10 + 20;
  raw.outside_mpi_max_ns = 86;
  raw.busiest_node_outside_mpi_ns = 70 + 81;
  raw.busiest_node_processes = 2;
  raw.openmp = OpenMpRaw{5 + 11, 3, 2, 0, 0}; // no parallel region or task counted
  raw.counters = CounterRaw{1000 + 2000 + 700 + 300, 500 + 900 + 400 + 100};
  // CUDA measured, nothing counted.
  raw.device_counts = DeviceCountsRaw{.launches_and_copies = LaunchesAndCopies{}, .runtime = DeviceRuntime::cuda};
  return raw;
}

TEST(RegionFold, folds_processes_into_sums_maxima_and_the_busiest_node) {
  const RegionFold fold = fold_of(four_ranks);
  EXPECT_EQ(fold.finish(everything), hand_computed_four_ranks());
  EXPECT_EQ(fold.sums[RegionFold::visits], 3u + 3 + 4 + 5);
}

TEST(RegionFold, merging_in_any_grouping_and_order_gives_the_same_fields) {
  const auto& r = four_ranks;
  // As the MPI reduction groups them: per node first, then the nodes, in both orders.
  RegionFold node0 = fold_of({r[0], r[1]});
  RegionFold node1 = fold_of({r[3], r[2]});
  RegionFold nodes_in_order = node0;
  nodes_in_order.merge(node1);
  RegionFold nodes_reversed = node1;
  nodes_reversed.merge(node0);
  // Across nodes, one rank at a time into an accumulator that starts empty.
  RegionFold across;
  for (const auto& part : {fold_of({r[2]}), fold_of({r[0], r[3]}), RegionFold{}, fold_of({r[1]})})
    across.merge(part);
  for (const RegionFold* fold : {&nodes_in_order, &nodes_reversed, &across}) {
    EXPECT_EQ(fold->finish(everything), hand_computed_four_ranks());
    EXPECT_EQ(fold->sums, fold_of(four_ranks).sums);
    EXPECT_EQ(fold->maxima, fold_of(four_ranks).maxima);
  }
}

TEST(RegionFold, outside_mpi_time_is_every_state_but_mpi_per_thread_rounded_up) {
  EXPECT_EQ(outside_mpi_ns(four_ranks[0]), 70u);
  EXPECT_EQ(outside_mpi_ns(four_ranks[1]), 81u);
  EXPECT_EQ(outside_mpi_ns({.threads = 3, .useful_ns = 7}), 3u);
  EXPECT_EQ(outside_mpi_ns({.threads = 1, .useful_ns = 7, .mpi_ns = 1000}), 7u);
  EXPECT_EQ(outside_mpi_ns({.threads = 0, .useful_ns = 7}), 0u);
}

TEST(RegionFold, busiest_node_compares_averages_exactly) {
  // Node 0 averages 2^62 + 0.5, node 1 2^62 + 1: equal in double precision, not as pairs.
  constexpr std::uint64_t big = std::uint64_t{1} << 62;
  const RegionRaw raw =
      fold_of({{.useful_ns = big, .node = 0}, {.useful_ns = big + 1, .node = 0}, {.useful_ns = big + 1, .node = 1}})
          .finish({});
  EXPECT_EQ(raw.busiest_node_outside_mpi_ns, big + 1);
  EXPECT_EQ(raw.busiest_node_processes, 1u);
}

TEST(RegionFold, busiest_node_tie_goes_to_the_lowest_node_whatever_the_order) {
  // Node 3 and node 5 both average 10; node 3 holds (20, 2), node 5 (10, 1).
  const ProcessRecord on_node_5{.useful_ns = 10, .node = 5};
  const ProcessRecord on_node_3{.useful_ns = 10, .node = 3};
  for (const auto& records :
       {std::vector{on_node_5, on_node_3, on_node_3}, std::vector{on_node_3, on_node_3, on_node_5}}) {
    const RegionRaw raw = fold_of(records).finish({});
    EXPECT_EQ(raw.busiest_node_outside_mpi_ns, 20u);
    EXPECT_EQ(raw.busiest_node_processes, 2u);
    EXPECT_EQ(raw.nodes, 2u);
  }
}

TEST(RegionFold, busier_node_is_the_larger_average_the_lower_on_a_tie_never_an_empty_share) {
  // (30, 2) averages 15, (16, 1) 16, (45, 3) 15.
  EXPECT_EQ(busier_node({30, 2}, {16, 1}).outside_mpi_ns, 16u);
  EXPECT_EQ(busier_node({16, 1}, {30, 2}).outside_mpi_ns, 16u);
  EXPECT_EQ(busier_node({30, 2}, {45, 3}).processes, 2u);
  EXPECT_EQ(busier_node({45, 3}, {30, 2}).processes, 3u);
  EXPECT_EQ(busier_node({}, {0, 4}).processes, 4u);
  EXPECT_EQ(busier_node({0, 4}, {}).processes, 4u);
}

TEST(RegionFold, nodes_compared_before_count_as_nodes_and_merge_by_sum) {
  // The busiest of 5 nodes kept at index 0, 4 compared before; another fold adds 2 nodes.
  RegionFold kept;
  kept.add_node_share(0, {40, 2});
  kept.nodes_compared_before = 4;
  const RegionFold other = fold_of({{.useful_ns = 10, .node = 7}, {.useful_ns = 10, .node = 8}});
  EXPECT_EQ(kept.finish({}).nodes, 5u);
  kept.merge(other);
  EXPECT_EQ(kept.finish({}).nodes, 7u);
  EXPECT_EQ(kept.finish({}).busiest_node_outside_mpi_ns, 40u);
}

TEST(RegionFold, measured_groups_decide_which_optional_groups_are_reported) {
  const RegionFold fold = fold_of(four_ranks);
  const RegionRaw host_only = fold.finish({});
  EXPECT_FALSE(host_only.offload_ns.has_value());
  EXPECT_FALSE(host_only.openmp.has_value());
  EXPECT_FALSE(host_only.counters.has_value());
  // The groups only say what is reported: the outside-MPI time is the same either way.
  EXPECT_EQ(host_only.outside_mpi_max_ns, 86u);
  EXPECT_EQ(host_only.busiest_node_outside_mpi_ns, 151u);

  EXPECT_EQ(fold.finish({.offload = true}).offload_ns, 30u);
  EXPECT_EQ(fold.finish({.openmp = true}).openmp, (OpenMpRaw{16, 3, 2, 0, 0}));
  EXPECT_EQ(fold.finish({.counters = true}).counters, (CounterRaw{4000, 1900}));
  EXPECT_FALSE(fold.finish({.counters = true}).openmp.has_value());
}

/// A process's counts: `calls` MPI calls of which `collectives` are collectives and the rest
/// point-to-point, with the bytes given.
ProcessRecord with_mpi_counts(std::uint64_t calls, std::uint64_t collectives, std::uint64_t sent,
                              std::uint64_t received, std::uint64_t collective_bytes) {
  ProcessRecord record;
  record.visits = 1;
  record.counts[count_slot::mpi_calls] = calls;
  record.counts[count_slot::mpi_bytes_sent] = sent;
  record.counts[count_slot::mpi_bytes_received] = received;
  record.counts[count_slot::mpi_collective_bytes] = collective_bytes;
  record.counts[count_slot::mpi_calls_by_kind + 0] = calls - collectives; // point_to_point
  record.counts[count_slot::mpi_calls_by_kind + 3] = collectives;         // collective
  return record;
}

TEST(RegionFold, mpi_counts_are_summed_over_processes_with_the_most_calls_of_one_process) {
  // Rank 0: 10 calls (2 collectives), rank 1: 14 (2 collectives), rank 2: 6 (6 collectives).
  // calls 10 + 14 + 6 = 30, calls_max 14; point-to-point 8 + 12 + 0 = 20, collectives 10;
  // sent 80 + 120 = 200, received 96 + 104 = 200, collective bytes 16 + 16 + 48 = 80.
  const std::vector<ProcessRecord> ranks = {with_mpi_counts(10, 2, 80, 96, 16), with_mpi_counts(14, 2, 120, 104, 16),
                                            with_mpi_counts(6, 6, 0, 0, 48)};
  MpiRaw expected{.calls = 30,
                  .calls_max = 14,
                  .calls_by_kind = {},
                  .bytes_sent = 200,
                  .bytes_received = 200,
                  .collective_bytes = 80};
  expected.calls_by_kind = MpiRaw::ByKind{};
  (*expected.calls_by_kind)[0] = 20;
  (*expected.calls_by_kind)[3] = 10;
  EXPECT_EQ(fold_of(ranks).finish({.mpi = true}).mpi, expected);
  // Any grouping: ranks 0 and 2 on one side, 1 on the other, merged.
  RegionFold grouped = fold_of({ranks[0], ranks[2]});
  grouped.merge(fold_of({ranks[1]}));
  EXPECT_EQ(grouped.finish({.mpi = true}).mpi, expected);
  EXPECT_FALSE(fold_of(ranks).finish({}).mpi.has_value());
}

/// A process's CUDA counts: `calls` runtime calls of which `launches` launched kernels, and
/// `copies` copies host to device of `bytes_each`.
ProcessRecord with_device_counts(std::uint64_t calls, std::uint64_t launches, std::uint64_t copies,
                                 std::uint64_t bytes_each) {
  ProcessRecord record;
  record.visits = 1;
  record.counts[count_slot::device_runtime_calls] = calls;
  record.counts[count_slot::device_kernel_launches] = launches;
  static_assert(device_copy_directions[0] == "host_to_device");
  record.counts[count_slot::device_copies + 0] = copies;
  record.counts[count_slot::device_copy_bytes + 0] = copies * bytes_each;
  return record;
}

TEST(RegionFold, device_counts_are_summed_over_processes_with_the_most_launches_of_one_process) {
  // Rank 0: 12 calls, 5 launches, 3 copies of 1000 bytes; rank 1: 20 calls, 9 launches, 4 copies
  // of 1000; rank 2: 7 calls, 2 launches, no copy. Sums 39 calls, 16 launches (at most 9), 7
  // copies host to device of 7000 bytes, nothing in the other directions.
  const std::vector<ProcessRecord> ranks = {with_device_counts(12, 5, 3, 1000), with_device_counts(20, 9, 4, 1000),
                                            with_device_counts(7, 2, 0, 0)};
  LaunchesAndCopies work{.kernel_launches = 16, .kernel_launches_max = 9};
  work.copies[0] = 7;
  work.copy_bytes[0] = 7000;
  const DeviceCountsRaw expected{.runtime_calls = 39, .launches_and_copies = work, .runtime = DeviceRuntime::cuda};
  EXPECT_EQ(fold_of(ranks).finish({.offload = true}).device_counts, expected);
  RegionFold grouped = fold_of({ranks[1]});
  grouped.merge(fold_of({ranks[2], ranks[0]}));
  EXPECT_EQ(grouped.finish({.offload = true}).device_counts, expected);
  // Without CUDA measured they are absent, not 0.
  EXPECT_FALSE(fold_of(ranks).finish({.mpi = true}).device_counts.has_value());
}

TEST(RegionFold, an_empty_fold_has_no_process_and_no_busiest_node) {
  const RegionFold fold;
  EXPECT_TRUE(fold.empty());
  const RegionRaw raw = fold.finish(everything);
  EXPECT_EQ(raw.processes, 0u);
  EXPECT_EQ(raw.threads_per_process, 1u);
  EXPECT_EQ(raw.nodes, 0u);
  EXPECT_EQ(raw.busiest_node_processes, 0u);
  EXPECT_FALSE(fold_of({four_ranks[0]}).empty());
}

} // namespace
} // namespace tally::model
