// SPDX-License-Identifier: BSD-3-Clause
// The GPUs' readings on the fake NVML (fake_nvml/fake_nvml.c): the counter as often as its CPU cost
// allows, the sampled power in between, and the counter alone where the power field is missing.
// Times are given by the test, so the sampled energy is power x time, computed by hand.
#include "energy/gpu_readings.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace tally::profiler::energy {
namespace {

constexpr std::uint64_t wake_ns = 100'000'000; // the helper thread's 100 ms

/// The fake's devices at `watts`, each counter reading costing `read_us` of CPU.
void fake_gpus(const char* watts, const char* read_us, bool gives_power) {
  ::setenv("FAKE_NVML_WATTS", watts, 1);
  ::setenv("FAKE_NVML_READ_US", read_us, 1);
  if (gives_power) {
    ::unsetenv("FAKE_NVML_NO_POWER");
  } else {
    ::setenv("FAKE_NVML_NO_POWER", "1", 1);
  }
}

TEST(GpuMeter, power_is_the_devices_instantaneous_power_summed) {
  fake_gpus("40,60", "0", true);
  GpuMeter gpus(FAKE_NVML_PATH);
  gpus.open();
  // 40 + 60 W, given by the fake in milliwatts.
  EXPECT_EQ(gpus.power_w(), std::optional<double>(100.0));
}

TEST(GpuMeter, power_without_the_field_is_empty) {
  fake_gpus("40,60", "0", false);
  GpuMeter gpus(FAKE_NVML_PATH);
  gpus.open();
  EXPECT_EQ(gpus.power_w(), std::nullopt);
}

TEST(GpuReadings, between_slow_counter_readings_the_energy_is_the_sampled_power_times_the_time) {
  // Two devices read at 2 ms of CPU each: 4 ms a reading, over 0.5 % of 100 ms (0.5 ms) = 8
  // wake-ups or more between counter readings. In between: 100 W x 0.1 s = 10 J per wake-up.
  fake_gpus("40,60", "2000", true);
  GpuMeter gpus(FAKE_NVML_PATH);
  gpus.open();
  GpuReadings readings(gpus, wake_ns);
  EXPECT_EQ(readings.first(0), 0u);
  for (std::uint64_t wake = 1; wake <= 7; ++wake)
    EXPECT_EQ(readings.on_wake(wake * wake_ns), std::optional<std::uint64_t>(wake * 10'000'000)) << "wake " << wake;
  EXPECT_EQ(readings.longest_interval_wakes(), 1u);
}

TEST(GpuReadings, a_fast_counter_is_read_at_every_wake_up) {
  // No cost beyond the fake's own (microseconds): the counter every time, whose energy is the
  // fake's 100 W over the real time since the first reading (not the times given here).
  fake_gpus("40,60", "0", true);
  GpuMeter gpus(FAKE_NVML_PATH);
  gpus.open();
  GpuReadings readings(gpus, wake_ns);
  readings.first(0);
  const std::optional<std::uint64_t> total = readings.on_wake(wake_ns);
  ASSERT_TRUE(total.has_value());
  EXPECT_LT(*total, 10'000'000u) << "a counter reading, not 100 W x 0.1 s of sampled power";
  EXPECT_EQ(readings.longest_interval_wakes(), 1u);
}

TEST(GpuReadings, without_the_power_field_a_slow_counter_is_read_less_often) {
  // 4 ms a counter reading: nothing to publish for at least 7 wake-ups, then the counter.
  fake_gpus("40,60", "2000", false);
  GpuMeter gpus(FAKE_NVML_PATH);
  gpus.open();
  GpuReadings readings(gpus, wake_ns);
  readings.first(0);
  std::uint64_t wakes = 1;
  while (!readings.on_wake(wakes * wake_ns))
    ++wakes;
  EXPECT_GE(wakes, 8u);
  EXPECT_EQ(readings.longest_interval_wakes(), wakes);
  readings.last();
  EXPECT_EQ(readings.longest_interval_wakes(), wakes);
}

} // namespace
} // namespace tally::profiler::energy
