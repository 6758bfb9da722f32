// SPDX-License-Identifier: BSD-3-Clause
// A fake perf for the counters backend: a PerfSystem whose kernel is a few scripted fields,
// so open, read, rdpmc fallback and the failure reasons run without a PMU.
#pragma once

#include "counters/perf_counters.hpp"

#include <linux/perf_event.h>

#include <cstdint>
#include <vector>

namespace tally::profiler::counters::testing {

struct FakePerfCall {
  perf_event_attr attr;
  pid_t pid;
  int cpu;
  int group_fd;
  unsigned long flags;
};

/// What the fake kernel does and what it saw. One per process: the fake functions are plain
/// function pointers, so tests reset it (FakePerfTest does) and run on one thread.
struct FakePerf {
  // Script.
  int leader_open_errno = 0; ///< 0: opening the instructions event succeeds
  int member_open_errno = 0; ///< 0: opening the cycles event succeeds
  int read_errno = 0;        ///< 0: reads succeed
  int paranoid = 2;
  bool mmap_fails = false;
  perf_event_mmap_page pages[2]{}; ///< what mmap maps for the leader and the member
  std::uint64_t instructions = 0;
  std::uint64_t cycles = 0;
  std::uint64_t time_enabled_ns = 0;
  std::uint64_t time_running_ns = 0;
  // Observations.
  std::vector<FakePerfCall> opens;
  int open_descriptors = 0;
  int mapped_pages = 0;
  int reads = 0;
};

inline constexpr int fake_leader_fd = 100;
inline constexpr int fake_member_fd = 101;

FakePerf& fake_perf();
void reset_fake_perf();
extern const PerfSystem fake_perf_system;

} // namespace tally::profiler::counters::testing
