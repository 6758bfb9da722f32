// SPDX-License-Identifier: BSD-3-Clause
// The counters on the real PMU, where this machine has one (skipped otherwise, with the reason):
// a loop of known length must count at least one instruction per iteration, linearly.
#include "counters/perf_counters.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace tally::profiler::counters {
namespace {

// At least one user-space instruction per iteration; the empty asm keeps the compiler from
// folding the loop away.
[[gnu::noinline]] std::uint64_t spin(std::uint64_t iterations) {
  std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < iterations; ++i) {
    sum += i;
    __asm__ __volatile__("" : "+r"(sum));
  }
  return sum;
}

CounterSample count_spin(const ThreadCounters& counters, std::uint64_t iterations) {
  const CounterSample start = counters.read();
  spin(iterations);
  const CounterSample stop = counters.read();
  return {stop.instructions - start.instructions, stop.cycles - start.cycles};
}

class HardwareCountersTest : public ::testing::Test {
protected:
  void SetUp() override {
    const std::string reason = probe_counters();
    if (!reason.empty()) GTEST_SKIP() << "no usable hardware counters: " << reason;
    std::string open_reason;
    ASSERT_TRUE(counters.open(open_reason)) << open_reason;
  }
  ThreadCounters counters;
};

TEST_F(HardwareCountersTest, a_loop_counts_at_least_one_instruction_per_iteration) {
  constexpr std::uint64_t iterations = 10'000'000;
  const CounterSample counted = count_spin(counters, iterations);
  EXPECT_GE(counted.instructions, iterations);
  EXPECT_GT(counted.cycles, 0u);
  EXPECT_EQ(counters.read_errors(), 0u);
  RecordProperty("reads_in_user_space", counters.reads_in_user_space() ? "rdpmc" : "read()");
}

TEST_F(HardwareCountersTest, instructions_grow_linearly_with_the_loop) {
  constexpr std::uint64_t iterations = 10'000'000;
  count_spin(counters, iterations); // warm up caches and branch predictors
  const CounterSample once = count_spin(counters, iterations);
  const CounterSample twice = count_spin(counters, 2 * iterations);
  ASSERT_GT(once.instructions, 0u);
  const double ratio = static_cast<double>(twice.instructions) / static_cast<double>(once.instructions);
  EXPECT_GE(ratio, 1.8);
  EXPECT_LE(ratio, 2.2);
}

TEST_F(HardwareCountersTest, counters_were_on_the_pmu_while_the_thread_ran) {
  count_spin(counters, 1'000'000);
  EXPECT_GT(counters.running_fraction(), 0.0);
  EXPECT_LE(counters.running_fraction(), 1.0);
}

} // namespace
} // namespace tally::profiler::counters
