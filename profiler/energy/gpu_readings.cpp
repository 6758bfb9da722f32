// SPDX-License-Identifier: BSD-3-Clause
// The GPUs' readings: the counter at a cadence its CPU cost sets, the sampled power in between.
#include "energy/gpu_readings.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

namespace tally::profiler::energy {
namespace {

std::uint64_t thread_cpu_ns() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(now.tv_nsec);
}

} // namespace

std::uint64_t GpuReadings::read_counter(std::uint64_t now_ns) {
  const std::uint64_t before = thread_cpu_ns();
  gpus_.read();
  const double wakes =
      static_cast<double>(thread_cpu_ns() - before) / (gpu_counter_core_share * static_cast<double>(wake_ns_));
  counter_every_ = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(wakes)));
  wakes_since_counter_ = 0;
  total_uj_ = static_cast<double>(gpus_.total_uj());
  last_ns_ = now_ns;
  return gpus_.total_uj();
}

std::uint64_t GpuReadings::first(std::uint64_t now_ns) { return read_counter(now_ns); }

std::optional<std::uint64_t> GpuReadings::on_wake(std::uint64_t now_ns) {
  ++wakes_since_reading_;
  std::optional<std::uint64_t> total;
  if (++wakes_since_counter_ >= counter_every_) {
    total = read_counter(now_ns);
  } else if (const std::optional<double> watts = gpus_.power_w()) {
    // W x ns = nJ: a thousandth of it in uJ.
    total_uj_ += *watts * static_cast<double>(now_ns - last_ns_) * 1e-3;
    last_ns_ = now_ns;
    total = static_cast<std::uint64_t>(std::llround(std::max(0.0, total_uj_)));
  }
  if (!total) return std::nullopt;
  longest_ = std::max(longest_, wakes_since_reading_);
  wakes_since_reading_ = 0;
  return total;
}

std::uint64_t GpuReadings::last() {
  longest_ = std::max(longest_, wakes_since_reading_ + 1);
  gpus_.read();
  return gpus_.total_uj();
}

} // namespace tally::profiler::energy
