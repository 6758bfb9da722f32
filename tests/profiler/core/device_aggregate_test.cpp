// SPDX-License-Identifier: BSD-3-Clause
// Device aggregation: shared devices counted once per node, the sums and maxima of DeviceRaw,
// and the reduction of two nodes' aggregates. Values by hand, in ms.
#include "core/device_aggregate.hpp"
#include "synthetic_activity.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tally::profiler {
namespace {

using namespace testing;

constexpr DeviceUuid gpu_a{0xa0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
constexpr DeviceUuid gpu_b{0xb0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

DeviceShare share(std::uint64_t node, const DeviceUuid& uuid, std::uint64_t kernel_ms, std::uint64_t memory_ms) {
  return {.key = {.node = node, .uuid = uuid}, .kernel_ns = kernel_ms * ms, .memory_ns = memory_ms * ms};
}

TEST(DeviceAggregate, a_device_shared_by_two_ranks_of_a_node_counts_once) {
  // Ranks 0 and 1 drive GPU A (30 + 20 ms of kernels, 5 + 5 of copies), rank 2 drives GPU B
  // (40 ms, 0). Two devices: K = 50 and 40, D = 10 and 0.
  const auto devices =
      merge_shared_devices({share(0, gpu_a, 30, 5), share(0, gpu_b, 40, 0), share(0, gpu_a, 20, 5)}, 100 * ms);
  ASSERT_EQ(devices.size(), 2u);
  const model::DeviceRaw raw = aggregate_devices(devices);
  EXPECT_EQ(raw, (model::DeviceRaw{.devices = 2,
                                   .kernel_ns = 90 * ms,
                                   .kernel_max_ns = 50 * ms,
                                   .memory_ns = 10 * ms,
                                   .active_max_ns = 60 * ms}));
}

TEST(DeviceAggregate, the_same_uuid_on_two_nodes_is_two_devices) {
  // Emulated nodes on one machine may see the same GPU; devices are merged within a node only.
  const auto devices = merge_shared_devices({share(0, gpu_a, 10, 0), share(1, gpu_a, 10, 0)}, 100 * ms);
  EXPECT_EQ(devices.size(), 2u);
}

TEST(DeviceAggregate, a_shared_device_is_never_busier_than_the_region_is_long) {
  // Three ranks under MPS each see 50 ms of kernels and 30 of copies in a 100 ms region:
  // K is capped at 100, and D at what is left (0).
  const auto devices =
      merge_shared_devices({share(0, gpu_a, 50, 30), share(0, gpu_a, 50, 30), share(0, gpu_a, 50, 30)}, 100 * ms);
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_EQ(devices[0].kernel_ns, 100 * ms);
  EXPECT_EQ(devices[0].memory_ns, 0u);
}

TEST(DeviceAggregate, devices_without_a_uuid_are_never_merged_across_ranks) {
  // Two ranks, both on "device 0" of their own, CUPTI gave no UUID: two devices.
  DeviceTimeline rank0;
  DeviceTimeline rank1;
  const std::vector<DeviceTotals> totals{{.device = 0, .kernel_ns = 10 * ms, .memory_ns = 0}};
  auto shares = shares_of(process_devices(totals, rank0), 0, 0);
  const auto other = shares_of(process_devices(totals, rank1), 0, 1);
  shares.insert(shares.end(), other.begin(), other.end());
  EXPECT_EQ(merge_shared_devices(shares, 100 * ms).size(), 2u);
}

TEST(DeviceAggregate, a_process_without_mpi_aggregates_its_own_devices) {
  // Two GPUs in a 100 ms region: K 60 and 20, D 10 and 30. N = 2, sum K 80, max K 60,
  // sum D 40, max (K + D) 70.
  const std::vector<ProcessDevice> devices{
      {.ordinal = 0, .uuid = gpu_a, .kernel_ns = 60 * ms, .memory_ns = 10 * ms},
      {.ordinal = 1, .uuid = std::nullopt, .kernel_ns = 20 * ms, .memory_ns = 30 * ms}};
  EXPECT_EQ(single_process_devices(devices, 100 * ms), (model::DeviceRaw{.devices = 2,
                                                                         .kernel_ns = 80 * ms,
                                                                         .kernel_max_ns = 60 * ms,
                                                                         .memory_ns = 40 * ms,
                                                                         .active_max_ns = 70 * ms}));
}

TEST(DeviceAggregate, ranks_that_identified_the_same_uuid_share_the_device) {
  DeviceTimeline rank0;
  DeviceTimeline rank1;
  rank0.on_device_identified(0, gpu_a);
  rank1.on_device_identified(1, gpu_a); // another ordinal, the same GPU
  auto shares = shares_of(
      process_devices(std::vector<DeviceTotals>{{.device = 0, .kernel_ns = 10 * ms, .memory_ns = 0}}, rank0), 0, 0);
  const auto other = shares_of(
      process_devices(std::vector<DeviceTotals>{{.device = 1, .kernel_ns = 15 * ms, .memory_ns = 0}}, rank1), 0, 1);
  shares.insert(shares.end(), other.begin(), other.end());
  const auto devices = merge_shared_devices(shares, 100 * ms);
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_EQ(devices[0].kernel_ns, 25 * ms);
}

TEST(DeviceAggregate, combining_two_nodes_equals_aggregating_all_their_devices) {
  const std::vector node0{share(0, gpu_a, 30, 10), share(0, gpu_b, 50, 0)};
  const std::vector node1{share(1, gpu_a, 70, 5)};
  std::vector all = node0;
  all.insert(all.end(), node1.begin(), node1.end());
  EXPECT_EQ(combine_devices(aggregate_devices(node0), aggregate_devices(node1)), aggregate_devices(all));
  EXPECT_EQ(aggregate_devices(all), (model::DeviceRaw{.devices = 3,
                                                      .kernel_ns = 150 * ms,
                                                      .kernel_max_ns = 70 * ms,
                                                      .memory_ns = 15 * ms,
                                                      .active_max_ns = 75 * ms}));
}

TEST(DeviceAggregate, no_devices_aggregate_to_zero_devices) { EXPECT_EQ(aggregate_devices({}), model::DeviceRaw{}); }

} // namespace
} // namespace tally::profiler
