// SPDX-License-Identifier: BSD-3-Clause
// The GPU meter on the fake NVML (fake_nvml/fake_nvml.c): devices kept or left out with a sentence,
// a missing library, and the energy as the counters' increments, checked against hand sums.
#include "energy/nvml.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>

namespace tally::profiler::energy {
namespace {

/// Advances the fake's counter of device `index` (the library GpuMeter loaded, found again).
void add_millijoules(unsigned int index, unsigned long long millijoules) {
  void* fake = dlopen(FAKE_NVML_PATH, RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(fake, nullptr);
  auto* add = reinterpret_cast<void (*)(unsigned int, unsigned long long)>(dlsym(fake, "fake_nvml_add_millijoules"));
  ASSERT_NE(add, nullptr);
  add(index, millijoules);
  dlclose(fake);
}

TEST(GpuMeter, missing_library_is_one_sentence_and_no_sensor) {
  GpuMeter gpus("/nonexistent/libnvidia-ml.so.1");
  EXPECT_FALSE(gpus.loaded());
  const std::vector<std::string> problems = gpus.open();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("cannot be loaded"), std::string::npos);
  EXPECT_TRUE(gpus.sensors().empty());
}

TEST(GpuMeter, no_device_is_one_sentence) {
  ::setenv("FAKE_NVML_WATTS", "", 1);
  GpuMeter gpus(FAKE_NVML_PATH);
  EXPECT_EQ(gpus.open(), std::vector<std::string>{"no GPU energy: NVML sees no device"});
  EXPECT_TRUE(gpus.sensors().empty());
}

TEST(GpuMeter, device_without_a_total_energy_counter_is_left_out_with_a_sentence) {
  ::setenv("FAKE_NVML_WATTS", "0,unsupported,0", 1);
  GpuMeter gpus(FAKE_NVML_PATH);
  const std::vector<std::string> problems = gpus.open();
  EXPECT_EQ(gpus.sensors(), (std::vector<std::string>{"nvml:0 (gpu)", "nvml:2 (gpu)"}));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].rfind("nvml:1 (gpu): no total energy counter", 0), 0u);
}

TEST(GpuMeter, energy_is_the_counters_increments_since_the_first_reading) {
  ::setenv("FAKE_NVML_WATTS", "0,0", 1);
  GpuMeter gpus(FAKE_NVML_PATH);
  gpus.open();
  gpus.read(); // both counters at 5,000,000 mJ: the start, not energy of the run
  EXPECT_EQ(gpus.total_uj(), 0u);
  add_millijoules(0, 1500);
  add_millijoules(1, 500);
  gpus.read();
  // 1500 + 500 mJ = 2 J = 2,000,000 µJ.
  EXPECT_EQ(gpus.total_uj(), 2'000'000u);
  add_millijoules(0, 250);
  gpus.read();
  EXPECT_EQ(gpus.total_uj(), 2'250'000u);
  EXPECT_EQ(gpus.failed_reads(), 0u);
  gpus.close();
}

} // namespace
} // namespace tally::profiler::energy
