// SPDX-License-Identifier: BSD-3-Clause
// AgentTable and agent operations without rocprofiler-sdk: GPU agents get dense ordinals and PCI
// identities, and each kernel or copy record becomes activity on the GPUs it involves.
#include "rocm/agent_operations.hpp"
#include "rocm/agent_table.hpp"

#include <gtest/gtest.h>

namespace tally::profiler::rocm {
namespace {

// Two GPUs as rocprofiler lists them: handles are opaque, PCI addresses 0000:c1:00.0 and 0000:d1:00.0.
constexpr GpuAgent first_gpu{.handle = 0x51, .pci_domain = 0, .pci_location = 0xc100};
constexpr GpuAgent second_gpu{.handle = 0x77, .pci_domain = 0, .pci_location = 0xd100};
constexpr std::uint64_t cpu_agent = 0x10;

AgentTable two_gpus() {
  AgentTable table;
  table.add(first_gpu);
  table.add(second_gpu);
  return table;
}

TEST(AgentTable, gpus_are_numbered_in_the_order_listed_and_a_second_listing_keeps_the_first_number) {
  AgentTable table = two_gpus();
  EXPECT_EQ(table.add(first_gpu), 0u);
  EXPECT_EQ(table.size(), 2u);
  EXPECT_EQ(table.ordinal_of(0x51), 0u);
  EXPECT_EQ(table.ordinal_of(0x77), 1u);
  EXPECT_EQ(table.ordinal_of(cpu_agent), std::nullopt);
}

TEST(AgentTable, the_identity_is_the_pci_address_so_every_process_of_a_node_computes_the_same) {
  const DeviceUuid expected{'h', 'i', 'p', ':', 0x02, 0, 0, 0, 0x00, 0xc1, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(pci_identity(2, 0xc100), expected);
  EXPECT_EQ(two_gpus().identity(0), pci_identity(0, 0xc100));
  EXPECT_NE(two_gpus().identity(0), two_gpus().identity(1));
  AgentTable other_process; // lists only the second GPU (HIP_VISIBLE_DEVICES=1): ordinal 0, same GPU
  other_process.add({.handle = 0x3, .pci_domain = 0, .pci_location = 0xd100});
  EXPECT_EQ(other_process.identity(0), two_gpus().identity(1));
}

std::vector<DeviceActivity> activity_of(const AgentOperation& operation, bool& involves_a_gpu) {
  std::vector<DeviceActivity> out;
  involves_a_gpu = append_activity(operation, two_gpus(), out);
  return out;
}

TEST(AgentOperations, a_kernel_is_kernel_time_on_its_gpu) {
  bool involves_a_gpu = false;
  const auto out = activity_of(
      {.kind = AgentOperationKind::kernel_dispatch, .agent = 0x77, .queue = 3, .begin_ns = 100, .end_ns = 250},
      involves_a_gpu);
  EXPECT_TRUE(involves_a_gpu);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].device, 1u);
  EXPECT_EQ(out[0].kind, ActivityKind::kernel);
  EXPECT_EQ(out[0].stream, 3u);
  EXPECT_EQ(out[0].begin_ns, 100u);
  EXPECT_EQ(out[0].end_ns, 250u);
}

TEST(AgentOperations, a_copy_between_host_and_gpu_is_memory_time_on_the_gpu_whichever_way) {
  bool involves_a_gpu = false;
  const auto to_device = activity_of(
      {.kind = AgentOperationKind::memory_copy, .agent = 0x51, .source_agent = cpu_agent, .begin_ns = 5, .end_ns = 9},
      involves_a_gpu);
  ASSERT_EQ(to_device.size(), 1u);
  EXPECT_EQ(to_device[0].device, 0u);
  EXPECT_EQ(to_device[0].kind, ActivityKind::memcpy);
  const auto to_host = activity_of(
      {.kind = AgentOperationKind::memory_copy, .agent = cpu_agent, .source_agent = 0x77, .begin_ns = 5, .end_ns = 9},
      involves_a_gpu);
  ASSERT_EQ(to_host.size(), 1u);
  EXPECT_EQ(to_host[0].device, 1u);
}

TEST(AgentOperations, a_copy_between_two_gpus_keeps_both_busy_and_one_within_a_gpu_counts_once) {
  bool involves_a_gpu = false;
  const auto peer = activity_of(
      {.kind = AgentOperationKind::memory_copy, .agent = 0x51, .source_agent = 0x77, .begin_ns = 5, .end_ns = 9},
      involves_a_gpu);
  ASSERT_EQ(peer.size(), 2u);
  EXPECT_EQ(peer[0].device, 0u);
  EXPECT_EQ(peer[1].device, 1u);
  const auto within = activity_of(
      {.kind = AgentOperationKind::memory_copy, .agent = 0x77, .source_agent = 0x77, .begin_ns = 5, .end_ns = 9},
      involves_a_gpu);
  EXPECT_EQ(within.size(), 1u);
}

TEST(AgentOperations, records_that_involve_no_known_gpu_add_nothing) {
  bool involves_a_gpu = true;
  EXPECT_TRUE(activity_of({.kind = AgentOperationKind::memory_copy, .agent = cpu_agent, .source_agent = cpu_agent},
                          involves_a_gpu)
                  .empty());
  EXPECT_FALSE(involves_a_gpu);
  EXPECT_TRUE(activity_of({.kind = AgentOperationKind::kernel_dispatch, .agent = 0x99}, involves_a_gpu).empty());
  EXPECT_FALSE(involves_a_gpu);
}

} // namespace
} // namespace tally::profiler::rocm
