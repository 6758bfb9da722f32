// SPDX-License-Identifier: BSD-3-Clause
// The profiler's clock. Ticks are read on the hot path and converted to nanoseconds once, at
// the end of the run, with a rate measured over the whole run (so no calibration delay at
// start). The TSC is used where it is invariant; otherwise CLOCK_MONOTONIC, whose ticks are ns.
// The TSC is read in program order (lfence first), as the kernel's clock_gettime reads it: a
// bare rdtsc may execute before the instructions ahead of it have completed, so the latency of a
// cache miss the program left in flight before an MPI call would be booked inside the call
// (HPCC's RandomAccess: parallel efficiency 0.35 instead of 0.68; docs/benchmarks.md, "Real applications
// beside DLB TALP").
#pragma once

#include <cstdint>
#include <ctime>
#include <string>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace tally::profiler {

enum class ClockSource { tsc, monotonic };

namespace detail {
extern ClockSource clock_source;
} // namespace detail

/// Current time in ticks, once every earlier instruction has completed. Async-signal-safe, no
/// system call with the TSC.
inline std::uint64_t clock_ticks() noexcept {
#if defined(__x86_64__)
  if (detail::clock_source == ClockSource::tsc) {
    _mm_lfence();
    return __rdtsc();
  }
#endif
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(now.tv_nsec);
}

/// Current time in ticks, read without waiting for earlier instructions (about 10 ns less than
/// clock_ticks with the TSC): for marks that change no state, such as a region's start or stop,
/// where a miss still in flight can only move time between two regions' shares of one state.
inline std::uint64_t clock_ticks_unordered() noexcept {
#if defined(__x86_64__)
  if (detail::clock_source == ClockSource::tsc) return __rdtsc();
#endif
  return clock_ticks();
}

/// Chooses the source ("auto", "tsc" or "monotonic" as asked by TALLY_CLOCK) and records the
/// start of the run for the rate measurement. Returns a warning when the request cannot be met.
std::string init_clock(const std::string& requested);

/// Ticks to nanoseconds with the rate measured from init_clock() until the first call of this
/// function (the rate is then fixed, so every conversion of a run agrees).
double nanoseconds_per_tick();

/// The source's name as recorded in run documents.
std::string clock_name();

/// Wall-clock time as UTC ISO 8601 with seconds, e.g. 2026-11-22T00:52:09Z.
std::string utc_now_iso8601();

} // namespace tally::profiler
