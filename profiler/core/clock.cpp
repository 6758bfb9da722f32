// SPDX-License-Identifier: BSD-3-Clause
// Clock source selection and the tick rate.
#include "core/clock.hpp"

#include "tally/model/utc_time.hpp"

#include <fstream>
#include <mutex>
#include <string>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace tally::profiler {
namespace detail {
ClockSource clock_source = ClockSource::monotonic;
} // namespace detail

namespace {

std::uint64_t start_ticks = 0;
std::uint64_t start_monotonic_ns = 0;

std::uint64_t monotonic_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(now.tv_nsec);
}

/// The TSC runs at a constant rate in every power state (CPUID 0x80000007, EDX bit 8). Some
/// hypervisors hide the bit while the kernel still trusts the TSC, so the kernel's flags count too.
bool tsc_is_invariant() {
#if defined(__x86_64__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx) && (edx & (1u << 8))) return true;
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) == 0) {
      return line.find(" constant_tsc") != std::string::npos && line.find(" nonstop_tsc") != std::string::npos;
    }
  }
#endif
  return false;
}

} // namespace

std::string init_clock(const std::string& requested) {
  std::string warning;
  const bool invariant = tsc_is_invariant();
  if (requested == "monotonic") {
    detail::clock_source = ClockSource::monotonic;
  } else if (requested == "tsc" && !invariant) {
    detail::clock_source = ClockSource::monotonic;
    warning = "TALLY_CLOCK=tsc but this CPU's TSC is not invariant; using clock_gettime(CLOCK_MONOTONIC)";
  } else {
    detail::clock_source = invariant ? ClockSource::tsc : ClockSource::monotonic;
  }
  start_monotonic_ns = monotonic_ns();
  start_ticks = clock_ticks();
  return warning;
}

double nanoseconds_per_tick() {
  static std::once_flag measured;
  static double rate = 1.0;
  std::call_once(measured, [] {
    if (detail::clock_source == ClockSource::monotonic) return;
    // A run shorter than 10 ms waits out the rest, so the rate is measured over enough ticks.
    std::uint64_t ns = monotonic_ns() - start_monotonic_ns;
    while (ns < 10'000'000)
      ns = monotonic_ns() - start_monotonic_ns;
    const std::uint64_t ticks = clock_ticks() - start_ticks;
    if (ticks > 0) rate = static_cast<double>(ns) / static_cast<double>(ticks);
  });
  return rate;
}

std::string clock_name() { return detail::clock_source == ClockSource::tsc ? "tsc" : "clock_gettime(CLOCK_MONOTONIC)"; }

std::string utc_now_iso8601() { return model::utc_iso8601(std::time(nullptr)); }

} // namespace tally::profiler
