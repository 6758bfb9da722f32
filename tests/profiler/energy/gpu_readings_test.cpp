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

/// The fake NVML with devices at 40 and 60 W, each counter reading costing `read_us` of CPU.
const char* fake_nvml(const char* read_us, bool gives_power) {
  ::setenv("FAKE_NVML_WATTS", "40,60", 1);
  ::setenv("FAKE_NVML_READ_US", read_us, 1);
  if (gives_power) {
    ::unsetenv("FAKE_NVML_NO_POWER");
  } else {
    ::setenv("FAKE_NVML_NO_POWER", "1", 1);
  }
  return FAKE_NVML_PATH;
}

/// Those devices opened, and their readings at the helper thread's period.
struct OpenGpus {
  OpenGpus(const char* read_us, bool gives_power) : meter(fake_nvml(read_us, gives_power)) { meter.open(); }
  GpuMeter meter;
  GpuReadings readings{meter, wake_ns};
};

TEST(GpuMeter, power_is_the_devices_instantaneous_power_summed) {
  OpenGpus gpus("0", true);
  // 40 + 60 W, given by the fake in milliwatts.
  EXPECT_EQ(gpus.meter.power_w(), std::optional<double>(100.0));
}

TEST(GpuMeter, power_without_the_field_is_empty) {
  OpenGpus gpus("0", false);
  EXPECT_EQ(gpus.meter.power_w(), std::nullopt);
}

TEST(GpuReadings, between_slow_counter_readings_the_energy_is_the_sampled_power_times_the_time) {
  // Two devices read at 2 ms of CPU each: 4 ms a reading, over 0.5 % of 100 ms (0.5 ms) = 8
  // wake-ups or more between counter readings. In between: 100 W x 0.1 s = 10 J per wake-up.
  OpenGpus gpus("2000", true);
  GpuReadings& readings = gpus.readings;
  EXPECT_EQ(readings.first(0), 0u);
  for (std::uint64_t wake = 1; wake <= 7; ++wake)
    EXPECT_EQ(readings.on_wake(wake * wake_ns), std::optional<std::uint64_t>(wake * 10'000'000)) << "wake " << wake;
  EXPECT_EQ(readings.longest_interval_wakes(), 1u);
}

TEST(GpuReadings, a_fast_counter_is_read_at_every_wake_up) {
  // No cost beyond the fake's own (microseconds): the counter every time, whose energy is the
  // fake's 100 W over the real time since the first reading (not the times given here).
  OpenGpus gpus("0", true);
  GpuReadings& readings = gpus.readings;
  readings.first(0);
  const std::optional<std::uint64_t> total = readings.on_wake(wake_ns);
  ASSERT_TRUE(total.has_value());
  EXPECT_LT(*total, 10'000'000u) << "a counter reading, not 100 W x 0.1 s of sampled power";
  EXPECT_EQ(readings.longest_interval_wakes(), 1u);
}

TEST(GpuReadings, without_the_power_field_a_slow_counter_is_read_less_often) {
  // 4 ms a counter reading: nothing to publish for at least 7 wake-ups, then the counter.
  OpenGpus gpus("2000", false);
  GpuReadings& readings = gpus.readings;
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
