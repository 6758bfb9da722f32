// SPDX-License-Identifier: BSD-3-Clause
// DeviceRegions: region windows on the device timeline, split at boundaries, summed over
// visits, settled in pieces while the timeline's memory stays bounded. Values by hand, in ms.
#include "core/device_regions.hpp"
#include "synthetic_activity.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace tally::profiler {
namespace {

using namespace testing;
constexpr std::uint64_t end_of_run = std::numeric_limits<std::uint64_t>::max();

DeviceTotals only_device_ms(const DeviceRegions& regions, RegionHandle region) {
  const auto totals = regions.totals(region);
  EXPECT_EQ(totals.size(), 1u);
  if (totals.empty()) return {};
  return {.device = totals[0].device, .kernel_ns = totals[0].kernel_ns / ms, .memory_ns = totals[0].memory_ns / ms};
}

TEST(DeviceRegions, a_kernel_spanning_a_region_boundary_is_split_between_the_regions) {
  // Region 0 is [0, 50), region 1 is [50, 100); kernel [40, 70), copy [45, 55) on another
  // stream (hidden behind the kernel). Region 0 gets 10 ms of kernel, region 1 gets 20.
  DeviceTimeline timeline;
  DeviceRegions regions;
  regions.start(0, 0);
  regions.stop(0, 50 * ms);
  regions.start(1, 50 * ms);
  regions.stop(1, 100 * ms);
  const std::vector records{kernel(0, 40, 70), copy(1, 45, 55)};
  timeline.on_activity_records(records);
  regions.settle(timeline, end_of_run);
  EXPECT_EQ(only_device_ms(regions, 0), (DeviceTotals{.device = 0, .kernel_ns = 10, .memory_ns = 0}));
  EXPECT_EQ(only_device_ms(regions, 1), (DeviceTotals{.device = 0, .kernel_ns = 20, .memory_ns = 0}));
}

TEST(DeviceRegions, a_region_visited_many_times_sums_its_windows) {
  // Visits [10k, 10k + 5) for k = 0..9; a kernel [10k + 3, 10k + 8) each time: 2 ms inside
  // each visit, 20 ms in all; the 3 ms after each visit belong to no visit.
  DeviceTimeline timeline;
  DeviceRegions regions;
  std::vector<DeviceActivity> records;
  for (std::uint64_t k = 0; k < 10; ++k) {
    regions.start(3, 10 * k * ms);
    regions.stop(3, (10 * k + 5) * ms);
    records.push_back(kernel(0, 10 * k + 3, 10 * k + 8));
  }
  EXPECT_EQ(regions.pending_windows(), 10u);
  timeline.on_activity_records(records);
  regions.settle(timeline, end_of_run);
  EXPECT_EQ(regions.pending_windows(), 0u);
  EXPECT_EQ(only_device_ms(regions, 3).kernel_ns, 20u);
}

TEST(DeviceRegions, overlapping_visits_from_two_threads_count_device_time_once) {
  // Thread A in the region [0, 60), thread B [30, 100): one window [0, 100), kernel [0, 100).
  DeviceTimeline timeline;
  DeviceRegions regions;
  regions.start(0, 0);
  regions.start(0, 30 * ms);
  regions.stop(0, 60 * ms);
  regions.stop(0, 100 * ms);
  const std::vector records{kernel(0, 0, 100)};
  timeline.on_activity_records(records);
  regions.settle(timeline, end_of_run);
  EXPECT_EQ(only_device_ms(regions, 0).kernel_ns, 100u);
}

TEST(DeviceRegions, stopping_a_region_that_is_not_open_is_refused) {
  DeviceRegions regions;
  EXPECT_FALSE(regions.stop(2, 10));
  EXPECT_FALSE(regions.stop(-1, 10));
  regions.start(2, 0);
  EXPECT_TRUE(regions.stop(2, 10));
  EXPECT_FALSE(regions.stop(2, 20));
}

TEST(DeviceRegions, settling_in_pieces_gives_the_same_totals_as_settling_once) {
  // Region 0 open [0, 100) throughout; region 1 is [20, 80). Kernels [10, 30), [50, 90);
  // copy [30, 50). Settled at 25, 45 and the end, each time after the records before it arrived.
  // Region 0: kernel 20 + 40 = 60, copy 20. Region 1: kernel [20,30) + [50,80) = 40, copy 20.
  DeviceTimeline timeline;
  DeviceRegions regions;
  regions.start(0, 0);
  regions.start(1, 20 * ms);
  const std::vector first{kernel(0, 10, 30)};
  timeline.on_activity_records(first);
  regions.settle(timeline, 25 * ms);
  const std::vector second{copy(1, 30, 50)};
  timeline.on_activity_records(second);
  regions.settle(timeline, 45 * ms);
  regions.stop(1, 80 * ms);
  regions.stop(0, 100 * ms);
  const std::vector third{kernel(0, 50, 90)};
  timeline.on_activity_records(third);
  regions.settle(timeline, end_of_run);
  EXPECT_EQ(only_device_ms(regions, 0), (DeviceTotals{.device = 0, .kernel_ns = 60, .memory_ns = 20}));
  EXPECT_EQ(only_device_ms(regions, 1), (DeviceTotals{.device = 0, .kernel_ns = 40, .memory_ns = 20}));
  EXPECT_EQ(timeline.late_ns(), 0u);
}

TEST(DeviceRegions, a_kernel_in_flight_at_a_flush_is_counted_when_settling_lags_one_flush) {
  // The policy of README.md: at each flush, settle up to the previous flush. Kernel [8, 14)
  // is running at the flush at 10 and arrives by the flush at 20; region [0, 12).
  DeviceTimeline timeline;
  DeviceRegions regions;
  regions.start(0, 0);
  regions.settle(timeline, 0); // flush at 10: nothing delivered; settle up to the previous (0)
  regions.stop(0, 12 * ms);
  const std::vector records{kernel(0, 8, 14)};
  timeline.on_activity_records(records); // delivered by the flush at 20
  regions.settle(timeline, 10 * ms);     // settle up to the flush at 10
  regions.settle(timeline, end_of_run);  // the end
  EXPECT_EQ(only_device_ms(regions, 0).kernel_ns, 4u);
  EXPECT_EQ(timeline.late_ns(), 0u);
}

TEST(DeviceRegions, a_long_run_keeps_only_the_activity_since_the_last_settle) {
  // A region open for the whole run (like Global) around 10000 visits of an inner region,
  // one kernel per visit and one copy between visits, settled every 100 visits up to the
  // previous settle. Visit k: [10k, 10k + 6) with kernel [10k + 1, 10k + 5); copy
  // [10k + 7, 10k + 9). Outer: K = 4 * 10000, D = 2 * 10000. Inner: K = 40000, D = 0.
  DeviceTimeline timeline;
  DeviceRegions regions;
  constexpr std::uint64_t visits = 10'000;
  std::uint64_t previous_flush = 0;
  std::size_t most_runs = 0;
  regions.start(0, 0);
  for (std::uint64_t k = 0; k < visits; ++k) {
    regions.start(1, 10 * k * ms);
    regions.stop(1, (10 * k + 6) * ms);
    const std::vector records{kernel(0, 10 * k + 1, 10 * k + 5), copy(1, 10 * k + 7, 10 * k + 9)};
    timeline.on_activity_records(records);
    if (k % 100 == 99) {
      const std::uint64_t flush = (10 * k + 10) * ms;
      regions.settle(timeline, previous_flush);
      previous_flush = flush;
      most_runs = std::max(most_runs, timeline.stored_runs());
    }
  }
  regions.stop(0, visits * 10 * ms);
  regions.settle(timeline, end_of_run);
  // Two flush periods of 100 visits with 2 runs each, at most.
  EXPECT_LE(most_runs, 400u);
  EXPECT_EQ(only_device_ms(regions, 0), (DeviceTotals{.device = 0, .kernel_ns = 4 * visits, .memory_ns = 2 * visits}));
  EXPECT_EQ(only_device_ms(regions, 1), (DeviceTotals{.device = 0, .kernel_ns = 4 * visits, .memory_ns = 0}));
}

} // namespace
} // namespace tally::profiler
