// SPDX-License-Identifier: BSD-3-Clause
// DeviceTimeline: kernels merged across streams, memory time minus its overlap with kernels,
// clipping to windows, out-of-order and late delivery. Expected values by hand, in ms.
#include "core/device_timeline.hpp"
#include "synthetic_activity.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace tally::profiler {
namespace {

using namespace testing;

DeviceTotals totals_ms(const DeviceTimeline& timeline, std::uint64_t from_ms, std::uint64_t to_ms,
                       std::uint32_t device = 0) {
  DeviceTotals t = timeline.totals_in_window(device, from_ms * ms, to_ms * ms);
  t.kernel_ns /= ms;
  t.memory_ns /= ms;
  return t;
}

TEST(DeviceTimeline, overlapping_kernels_on_two_streams_count_once) {
  // Stream 1 runs [0, 60), stream 2 runs [40, 100): busy [0, 100) = 100 ms, not 60 + 60.
  DeviceTimeline timeline;
  const std::vector records{kernel(1, 0, 60), kernel(2, 40, 100)};
  timeline.on_activity_records(records);
  EXPECT_EQ(totals_ms(timeline, 0, 200).kernel_ns, 100u);
}

TEST(DeviceTimeline, a_copy_fully_hidden_behind_a_kernel_adds_no_communication_time) {
  // Kernel [0, 100) on stream 0; the copy [20, 50) on stream 1 runs entirely under it.
  DeviceTimeline timeline;
  const std::vector records{kernel(0, 0, 100), copy(1, 20, 50)};
  timeline.on_activity_records(records);
  const DeviceTotals t = totals_ms(timeline, 0, 100);
  EXPECT_EQ(t.kernel_ns, 100u);
  EXPECT_EQ(t.memory_ns, 0u);
}

TEST(DeviceTimeline, a_copy_partly_behind_a_kernel_counts_only_its_exposed_part) {
  // Copy [80, 130) against kernel [0, 100): 30 ms exposed. Memset [150, 160): 10 ms.
  DeviceTimeline timeline;
  const std::vector records{kernel(0, 0, 100), copy(1, 80, 130), memset(1, 150, 160)};
  timeline.on_activity_records(records);
  const DeviceTotals t = totals_ms(timeline, 0, 200);
  EXPECT_EQ(t.kernel_ns, 100u);
  EXPECT_EQ(t.memory_ns, 40u);
}

TEST(DeviceTimeline, copies_on_two_streams_that_overlap_count_once) {
  // [0, 30) and [10, 40) on two copy engines: 40 ms with a copy running.
  DeviceTimeline timeline;
  const std::vector records{copy(1, 0, 30), copy(2, 10, 40)};
  timeline.on_activity_records(records);
  EXPECT_EQ(totals_ms(timeline, 0, 100).memory_ns, 40u);
}

TEST(DeviceTimeline, activity_straddling_a_window_edge_counts_only_inside) {
  // Kernel [40, 60), copy [90, 120). Window [50, 100): kernel 10, copy 10.
  DeviceTimeline timeline;
  const std::vector records{kernel(0, 40, 60), copy(0, 90, 120)};
  timeline.on_activity_records(records);
  const DeviceTotals t = totals_ms(timeline, 50, 100);
  EXPECT_EQ(t.kernel_ns, 10u);
  EXPECT_EQ(t.memory_ns, 10u);
}

TEST(DeviceTimeline, records_in_any_order_and_batching_give_the_same_totals) {
  std::vector records{kernel(0, 0, 10),  copy(1, 5, 25),    kernel(2, 20, 30), kernel(0, 50, 70),
                      memset(1, 60, 80), kernel(3, 65, 66), copy(1, 90, 95)};
  DeviceTimeline in_order;
  in_order.on_activity_records(records);
  std::reverse(records.begin(), records.end());
  DeviceTimeline reversed;
  for (const DeviceActivity& record : records)
    reversed.on_activity_records(std::span(&record, 1));
  // Kernels: [0,10) [20,30) [50,70) = 40. Memory outside kernels: [10,20) + [70,80) + [90,95) = 25.
  EXPECT_EQ(totals_ms(in_order, 0, 100), (DeviceTotals{.device = 0, .kernel_ns = 40, .memory_ns = 25}));
  EXPECT_EQ(totals_ms(reversed, 0, 100), totals_ms(in_order, 0, 100));
}

TEST(DeviceTimeline, devices_are_kept_apart) {
  DeviceTimeline timeline;
  const std::vector records{kernel(0, 0, 10, 0), kernel(0, 0, 30, 1), copy(0, 30, 35, 1)};
  timeline.on_activity_records(records);
  EXPECT_EQ(timeline.devices(), (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(totals_ms(timeline, 0, 100, 0), (DeviceTotals{.device = 0, .kernel_ns = 10, .memory_ns = 0}));
  EXPECT_EQ(totals_ms(timeline, 0, 100, 1), (DeviceTotals{.device = 1, .kernel_ns = 30, .memory_ns = 5}));
  EXPECT_EQ(totals_ms(timeline, 0, 100, 7), (DeviceTotals{.device = 7}));
}

TEST(DeviceTimeline, records_without_valid_timestamps_are_ignored_and_counted) {
  DeviceTimeline timeline;
  const std::vector records{DeviceActivity{}, kernel(0, 20, 10), kernel(0, 0, 10)};
  timeline.on_activity_records(records);
  EXPECT_EQ(timeline.invalid_records(), 2u);
  EXPECT_EQ(totals_ms(timeline, 0, 100).kernel_ns, 10u);
}

TEST(DeviceTimeline, discarding_forgets_finished_activity_but_keeps_what_straddles) {
  DeviceTimeline timeline;
  const std::vector records{kernel(0, 0, 10), kernel(0, 20, 30), kernel(0, 40, 60)};
  timeline.on_activity_records(records);
  timeline.discard_before(50 * ms);
  EXPECT_EQ(timeline.stored_runs(), 1u);
  EXPECT_EQ(timeline.discarded_before(), 50 * ms);
  EXPECT_EQ(totals_ms(timeline, 50, 100).kernel_ns, 10u);
}

TEST(DeviceTimeline, a_record_arriving_after_its_time_was_settled_is_clipped_and_counted_late) {
  // Settled up to 50 ms; then a kernel [30, 70) arrives: 20 ms late, 20 ms still counted.
  DeviceTimeline timeline;
  timeline.discard_before(50 * ms);
  const std::vector records{kernel(0, 30, 70), kernel(0, 10, 20)};
  timeline.on_activity_records(records);
  EXPECT_EQ(timeline.late_ns(), 30 * ms);
  EXPECT_EQ(totals_ms(timeline, 50, 100).kernel_ns, 20u);
}

TEST(DeviceTimeline, device_uuids_are_remembered) {
  DeviceTimeline timeline;
  const DeviceUuid uuid{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  timeline.on_device_identified(2, uuid);
  EXPECT_EQ(timeline.uuid(2), uuid);
  EXPECT_EQ(timeline.uuid(0), std::nullopt);
  EXPECT_TRUE(timeline.devices().empty()) << "a device counts only once it has activity";
}

} // namespace
} // namespace tally::profiler
