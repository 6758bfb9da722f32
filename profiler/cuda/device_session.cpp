// SPDX-License-Identifier: BSD-3-Clause
// CUPTI started with the session's timeline as its sink, and the session's problems: CUPTI's
// own, then the timeline's.
#include "cuda/device_session.hpp"

#include "cuda/host_offload.hpp"

#include <algorithm>
#include <ctime>

namespace tally::profiler::cuda {
namespace {

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
  const TallyCuptiSink sink{&settling_.timeline(), on_records,       on_device,
                            monotonic_ns,          on_runtime_enter, on_runtime_exit};
  char reason[256] = {};
  if (cupti_.start(&sink, reason, sizeof reason) == 0) return true;
  error = reason;
  return false;
}

void DeviceSession::start_window(RegionHandle region) { settling_.start_window(region); }

void DeviceSession::stop_window(RegionHandle region) { settling_.stop_window(region); }

void DeviceSession::finish() {
  settling_.finish();
  cupti_.stop();
}

std::vector<ProcessDevice> DeviceSession::devices_of(RegionHandle region) const { return settling_.devices_of(region); }

std::vector<std::string> DeviceSession::problems() const {
  std::vector<std::string> out;
  if (const std::uint64_t dropped = cupti_.dropped_records()) {
    out.push_back("CUPTI dropped " + std::to_string(dropped) +
                  " activity record(s) for lack of buffers; device times are too low");
  }
  settling_.add_problems(out);
  return out;
}

} // namespace tally::profiler::cuda
