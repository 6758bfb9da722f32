// SPDX-License-Identifier: BSD-3-Clause
// Flushes and settles. What ran at the previous flush has completed and arrived by now, unless it
// outlasted a whole flush period: it then arrives late, is clipped and reported (device_timeline.hpp).
#include "core/device_settling.hpp"

#include "core/device_aggregate.hpp"

#include <limits>

namespace tally::profiler {
namespace {

// Checking the piles costs two locks, so only every so many stops. Beyond these sizes a settle
// frees memory: windows and runs are 16 bytes each.
constexpr std::uint64_t stops_between_checks = 1024;
constexpr std::size_t pending_windows_limit = 4096;
constexpr std::size_t stored_runs_limit = 65536;
constexpr std::uint64_t end_of_time = std::numeric_limits<std::uint64_t>::max();

} // namespace

void DeviceSettling::start_window(RegionHandle region) { regions_.start(region, source_.now_ns()); }

void DeviceSettling::stop_window(RegionHandle region) {
  regions_.stop(region, source_.now_ns());
  if (stops_since_check_.fetch_add(1, std::memory_order_relaxed) + 1 < stops_between_checks) return;
  stops_since_check_.store(0, std::memory_order_relaxed);
  if (regions_.pending_windows() > pending_windows_limit || timeline_.stored_runs() > stored_runs_limit) {
    flush_and_settle();
  }
}

void DeviceSettling::flush_and_settle() {
  const std::lock_guard lock(settle_mutex_);
  const std::uint64_t flushed_at = source_.now_ns();
  if (!runtime_gone_) source_.flush(false);
  regions_.settle(timeline_, last_flush_ns_);
  last_flush_ns_ = flushed_at;
}

void DeviceSettling::on_runtime_gone() {
  const std::lock_guard lock(settle_mutex_);
  if (runtime_gone_) return;
  source_.flush(true);
  runtime_gone_ = true;
}

void DeviceSettling::finish() {
  const std::lock_guard lock(settle_mutex_);
  regions_.close_all(source_.now_ns());
  if (!runtime_gone_) source_.flush(true);
  runtime_gone_ = true;
  regions_.settle(timeline_, end_of_time);
}

std::vector<ProcessDevice> DeviceSettling::devices_of(RegionHandle region) const {
  return process_devices(regions_.totals(region), timeline_);
}

void DeviceSettling::add_problems(std::vector<std::string>& out) const {
  if (const std::uint64_t late = timeline_.late_ns()) {
    out.push_back(std::to_string(late / 1'000'000) +
                  " ms of device activity arrived after its time was settled and was left out");
  }
  if (const std::uint64_t invalid = timeline_.invalid_records()) {
    out.push_back(std::to_string(invalid) + " device activity record(s) without valid timestamps were ignored");
  }
}

} // namespace tally::profiler
