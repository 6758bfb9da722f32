// SPDX-License-Identifier: BSD-3-Clause
// Flushes and settles: CUPTI delivers a record once its buffer is full or flushed, so a window
// is settled only up to the previous flush, before which every record has arrived.
#include "cuda/device_session.hpp"

#include "core/device_aggregate.hpp"
#include "cuda/host_offload.hpp"

#include <ctime>
#include <limits>

namespace tally::profiler::cuda {
namespace {

// Checking the piles costs two locks, so only every so many stops. Beyond these sizes a
// settle frees memory: windows are 16 bytes each, runs 16 bytes each.
constexpr std::uint64_t stops_between_checks = 1024;
constexpr std::size_t pending_windows_limit = 4096;
constexpr std::size_t stored_runs_limit = 65536;
constexpr std::uint64_t end_of_time = std::numeric_limits<std::uint64_t>::max();

void on_records(void* context, const DeviceActivity* records, std::size_t count) {
  static_cast<DeviceTimeline*>(context)->on_activity_records({records, count});
}

void on_device(void* context, std::uint32_t device, const std::uint8_t* uuid) {
  DeviceUuid bytes{};
  std::copy(uuid, uuid + bytes.size(), bytes.begin());
  static_cast<DeviceTimeline*>(context)->on_device_identified(device, bytes);
}

} // namespace

std::uint64_t monotonic_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(now.tv_nsec);
}

bool DeviceSession::start(std::string& error) {
  const TallyCuptiSink sink{&timeline_, on_records, on_device, monotonic_ns, on_runtime_enter, on_runtime_exit};
  char reason[256] = {};
  if (cupti_.start(&sink, reason, sizeof reason) == 0) return true;
  error = reason;
  return false;
}

void DeviceSession::start_window(RegionHandle region) { regions_.start(region, monotonic_ns()); }

void DeviceSession::stop_window(RegionHandle region) {
  regions_.stop(region, monotonic_ns());
  if (stops_since_check_.fetch_add(1, std::memory_order_relaxed) + 1 < stops_between_checks) return;
  stops_since_check_.store(0, std::memory_order_relaxed);
  if (regions_.pending_windows() > pending_windows_limit || timeline_.stored_runs() > stored_runs_limit) {
    flush_and_settle();
  }
}

void DeviceSession::flush_and_settle() {
  const std::lock_guard lock(settle_mutex_);
  const std::uint64_t now = monotonic_ns();
  cupti_.flush(0);
  // What ran at the previous flush has arrived by now, unless it outlasted a whole period.
  regions_.settle(timeline_, last_flush_ns_);
  last_flush_ns_ = now;
}

void DeviceSession::finish() {
  const std::lock_guard lock(settle_mutex_);
  regions_.close_all(monotonic_ns());
  cupti_.flush(1);
  regions_.settle(timeline_, end_of_time);
  cupti_.stop();
}

std::vector<ProcessDevice> DeviceSession::devices_of(RegionHandle region) const {
  return process_devices(regions_.totals(region), timeline_);
}

std::vector<std::string> DeviceSession::problems() const {
  std::vector<std::string> out;
  if (const std::uint64_t dropped = cupti_.dropped_records()) {
    out.push_back("CUPTI dropped " + std::to_string(dropped) +
                  " activity record(s) for lack of buffers; device times are too low");
  }
  if (const std::uint64_t late = timeline_.late_ns()) {
    out.push_back(std::to_string(late / 1'000'000) +
                  " ms of device activity arrived after its time was settled and was left out");
  }
  if (const std::uint64_t invalid = timeline_.invalid_records()) {
    out.push_back(std::to_string(invalid) + " device activity record(s) without valid timestamps were ignored");
  }
  return out;
}

} // namespace tally::profiler::cuda
