// SPDX-License-Identifier: BSD-3-Clause
// The MPI reduction without MPI: each rank's folds packed as the reduction packs them, the arrays
// combined as MPI_SUM, MPI_MAX and the node leaders' tree combine them, then unpacked; the run's
// raw fields against values computed by hand.
#include "mpi/fold_arrays.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tally::profiler::mpi {
namespace {

using model::ProcessRecord;

struct Rank {
  std::uint64_t node;
  std::vector<const ProcessRecord*> regions;
};

/// What rank 0 holds after the collectives of reduce_across_ranks.
struct Reduced {
  std::vector<std::uint64_t> sums, maxima, busiest;
};

Reduced reduce_as_mpi_does(const std::vector<Rank>& ranks, std::size_t node_count) {
  Reduced out;
  std::vector<std::vector<std::uint64_t>> node_sums(node_count);
  for (const Rank& rank : ranks) {
    const FoldArrays arrays = pack_folds(rank.regions, rank.node);
    if (out.sums.empty()) {
      out.sums.assign(arrays.sums.size(), 0);
      out.maxima.assign(arrays.maxima.size(), 0);
    }
    std::transform(out.sums.begin(), out.sums.end(), arrays.sums.begin(), out.sums.begin(), std::plus<>());
    std::transform(out.maxima.begin(), out.maxima.end(), arrays.maxima.begin(), out.maxima.begin(),
                   [](std::uint64_t a, std::uint64_t b) { return std::max(a, b); });
    std::vector<std::uint64_t>& node = node_sums[rank.node];
    node.resize(arrays.node_shares.size(), 0);
    std::transform(node.begin(), node.end(), arrays.node_shares.begin(), node.begin(), std::plus<>());
  }
  // The leaders' tree, played in node order: node 0 with node 1, then with node 2...
  for (const auto& node : node_sums)
    out.busiest = out.busiest.empty() ? busiest_of_node(node) : merge_busiest(out.busiest, busiest_of_node(node));
  return out;
}

// Two regions, three ranks on two nodes; rank 2 never enters "solve".
// Global, C_i = (useful) / threads: rank 0 80, rank 1 60 (node 0, average 70), rank 2 150 / 2 = 75
// (node 1, average 75): node 1 is the busiest, although rank 0 has the largest C_i.
const ProcessRecord global_rank0{.visits = 1, .threads = 1, .elapsed_ns = 100, .useful_ns = 80, .mpi_ns = 20};
const ProcessRecord global_rank1{.visits = 1, .threads = 1, .elapsed_ns = 100, .useful_ns = 60, .mpi_ns = 40};
const ProcessRecord global_rank2{.visits = 1, .threads = 2, .elapsed_ns = 100, .useful_ns = 150, .mpi_ns = 50};
// solve: rank 0 45, rank 1 30, both on node 0 (sum 75).
const ProcessRecord solve_rank0{.visits = 4, .threads = 1, .elapsed_ns = 50, .useful_ns = 45, .mpi_ns = 5};
const ProcessRecord solve_rank1{.visits = 4, .threads = 1, .elapsed_ns = 40, .useful_ns = 30, .mpi_ns = 10};

const std::vector<Rank> three_ranks = {
    {0, {&global_rank0, &solve_rank0}},
    {0, {&global_rank1, &solve_rank1}},
    {1, {&global_rank2, nullptr}},
};

TEST(FoldArrays, the_reduced_arrays_give_the_run_raw_fields) {
  const Reduced reduced = reduce_as_mpi_does(three_ranks, 2);
  const std::vector<model::RegionFold> folds = unpack_folds(reduced.sums, reduced.maxima, reduced.busiest, 2);
  ASSERT_EQ(folds.size(), 2u);

  model::RegionRaw global;
  global.processes = 3;
  global.threads_per_process = 2;
  global.nodes = 2;
  global.elapsed_ns = 100;
  global.useful_ns = 80 + 60 + 150;
  global.mpi_ns = 20 + 40 + 50;
  global.outside_mpi_max_ns = 80;
  global.busiest_node_outside_mpi_ns = 75;
  global.busiest_node_processes = 1;
  EXPECT_EQ(folds[0].finish({}), global);
  EXPECT_EQ(folds[0].sums[model::RegionFold::visits], 3u);

  model::RegionRaw solve;
  solve.processes = 2;
  solve.threads_per_process = 1;
  solve.nodes = 1;
  solve.elapsed_ns = 50;
  solve.useful_ns = 45 + 30;
  solve.mpi_ns = 5 + 10;
  solve.outside_mpi_max_ns = 45;
  solve.busiest_node_outside_mpi_ns = 75;
  solve.busiest_node_processes = 2;
  EXPECT_EQ(folds[1].finish({}), solve);
  EXPECT_EQ(folds[1].sums[model::RegionFold::visits], 8u);
}

TEST(FoldArrays, the_reduction_is_the_fold_of_every_record) {
  const Reduced reduced = reduce_as_mpi_does(three_ranks, 2);
  const std::vector<model::RegionFold> folds = unpack_folds(reduced.sums, reduced.maxima, reduced.busiest, 2);
  for (std::size_t region = 0; region < 2; ++region) {
    model::RegionFold direct;
    for (const Rank& rank : three_ranks) {
      if (!rank.regions[region]) continue;
      ProcessRecord record = *rank.regions[region];
      record.node = rank.node;
      direct.add(record);
    }
    const model::MeasuredGroups everything{.counters = true, .openmp = true, .offload = true, .mpi = true};
    EXPECT_EQ(folds[region].finish(everything), direct.finish(everything)) << "region " << region;
  }
}

TEST(FoldArrays, mpi_counts_travel_with_the_sums_and_calls_max_with_the_maxima) {
  // Global: rank 0 makes 5 calls sending 40 bytes, rank 1 9 calls sending 72, rank 2 none:
  // 14 calls, at most 9 on one rank, 112 bytes.
  ProcessRecord rank0 = global_rank0, rank1 = global_rank1;
  rank0.counts[model::count_slot::mpi_calls] = 5;
  rank0.counts[model::count_slot::mpi_bytes_sent] = 40;
  rank1.counts[model::count_slot::mpi_calls] = 9;
  rank1.counts[model::count_slot::mpi_bytes_sent] = 72;
  const std::vector<Rank> ranks = {{0, {&rank0}}, {0, {&rank1}}, {1, {&global_rank2}}};
  const Reduced reduced = reduce_as_mpi_does(ranks, 2);
  const model::RegionRaw raw =
      unpack_folds(reduced.sums, reduced.maxima, reduced.busiest, 1).front().finish({.mpi = true});
  ASSERT_TRUE(raw.mpi.has_value());
  EXPECT_EQ(raw.mpi->calls, 14u);
  EXPECT_EQ(raw.mpi->calls_max, 9u);
  EXPECT_EQ(raw.mpi->bytes_sent, 112u);
}

TEST(FoldArrays, device_counts_travel_with_the_sums_and_launches_max_with_the_maxima) {
  // Global: rank 0 launches 3 kernels in 4 runtime calls and copies 64 bytes device to host in
  // one more; rank 2 launches 7 in 7 calls; rank 1 makes none: 12 calls, 10 launches, at most 7
  // on one rank, one copy device to host of 64 bytes.
  ProcessRecord rank0 = global_rank0, rank2 = global_rank2;
  static_assert(model::device_copy_directions[1] == "device_to_host");
  rank0.counts[model::count_slot::device_runtime_calls] = 5;
  rank0.counts[model::count_slot::device_kernel_launches] = 3;
  rank0.counts[model::count_slot::device_copies + 1] = 1;
  rank0.counts[model::count_slot::device_copy_bytes + 1] = 64;
  rank2.counts[model::count_slot::device_runtime_calls] = 7;
  rank2.counts[model::count_slot::device_kernel_launches] = 7;
  const std::vector<Rank> ranks = {{0, {&rank0}}, {0, {&global_rank1}}, {1, {&rank2}}};
  const Reduced reduced = reduce_as_mpi_does(ranks, 2);
  const model::RegionRaw raw =
      unpack_folds(reduced.sums, reduced.maxima, reduced.busiest, 1).front().finish({.offload = true});
  ASSERT_TRUE(raw.device_counts.has_value());
  EXPECT_EQ(raw.device_counts->runtime_calls, 12u);
  ASSERT_TRUE(raw.device_counts->launches_and_copies.has_value());
  const model::LaunchesAndCopies& work = *raw.device_counts->launches_and_copies;
  EXPECT_EQ(work.kernel_launches, 10u);
  EXPECT_EQ(work.kernel_launches_max, 7u);
  EXPECT_EQ(work.copies[1], 1u);
  EXPECT_EQ(work.copy_bytes[1], 64u);
  EXPECT_EQ(work.copies[0] + work.copy_bytes[0], 0u);
}

TEST(FoldArrays, the_busiest_of_three_nodes_in_any_grouping_keeps_the_lower_on_a_tie) {
  // One region. Node 0: (30 ns, 2 processes), average 15; node 1: (15, 1), average 15; node 2 never
  // entered it. The tie goes to node 0, and two nodes entered, whichever two ranges merge first.
  const std::vector<std::uint64_t> node0 = busiest_of_node({30, 2}), node1 = busiest_of_node({15, 1}),
                                   node2 = busiest_of_node({0, 0});
  for (const std::vector<std::uint64_t>& busiest :
       {merge_busiest(merge_busiest(node0, node1), node2), merge_busiest(node0, merge_busiest(node1, node2))}) {
    ASSERT_EQ(busiest.size(), std::size_t{busiest_field_count});
    EXPECT_EQ(busiest[busiest_outside_mpi], 30u);
    EXPECT_EQ(busiest[busiest_processes], 2u);
    EXPECT_EQ(busiest[busiest_nodes], 2u);
  }
}

TEST(FoldArrays, a_region_no_rank_entered_is_empty) {
  const std::vector<const ProcessRecord*> none = {nullptr};
  const FoldArrays arrays = pack_folds(none, 3);
  EXPECT_TRUE(std::all_of(arrays.sums.begin(), arrays.sums.end(), [](std::uint64_t v) { return v == 0; }));
  EXPECT_TRUE(unpack_folds(arrays.sums, arrays.maxima, busiest_of_node(arrays.node_shares), 1).front().empty());
}

TEST(FoldArrays, a_rank_counts_on_the_node_it_is_packed_for) {
  ProcessRecord record = global_rank0;
  record.node = 7; // the record's own node is ignored: the reduction knows the rank's node
  const std::vector<const ProcessRecord*> one = {&record};
  const FoldArrays arrays = pack_folds(one, 0);
  const model::RegionFold fold =
      unpack_folds(arrays.sums, arrays.maxima, busiest_of_node(arrays.node_shares), 1).front();
  ASSERT_EQ(fold.nodes.size(), 1u);
  EXPECT_EQ(fold.nodes.begin()->first, 0u);
  EXPECT_EQ(fold.nodes.begin()->second.outside_mpi_ns, 80u);
}

} // namespace
} // namespace tally::profiler::mpi
