// SPDX-License-Identifier: BSD-3-Clause
// Flushes and settles. rocprofiler-sdk writes a kernel's or a copy's record when it completes and
// hands records over when its buffer passes the watermark or is flushed, so a window is settled only
// up to the previous flush: what ran then has completed and arrived by now, unless it outlasted a
// whole flush period.
#include "rocm/agent_session.hpp"

#include "core/device_aggregate.hpp"

#include <limits>
#include <utility>

namespace tally::profiler::rocm {
namespace {

// As the CUDA backend's: checking the piles costs two locks, so only every so many stops; beyond
// these sizes a settle frees memory (windows and runs are 16 bytes each).
constexpr std::uint64_t stops_between_checks = 1024;
constexpr std::size_t pending_windows_limit = 4096;
constexpr std::size_t stored_runs_limit = 65536;
constexpr std::uint64_t end_of_time = std::numeric_limits<std::uint64_t>::max();

} // namespace

AgentSession::AgentSession(AgentTable agents, RuntimeHooks runtime) : agents_(std::move(agents)), runtime_(runtime) {
  for (std::uint32_t device = 0; device < agents_.size(); ++device)
    timeline_.on_device_identified(device, agents_.identity(device));
}

void AgentSession::start_window(RegionHandle region) { regions_.start(region, now()); }

void AgentSession::stop_window(RegionHandle region) {
  regions_.stop(region, now());
  if (stops_since_check_.fetch_add(1, std::memory_order_relaxed) + 1 < stops_between_checks) return;
  stops_since_check_.store(0, std::memory_order_relaxed);
  if (regions_.pending_windows() > pending_windows_limit || timeline_.stored_runs() > stored_runs_limit) {
    flush_and_settle();
  }
}

void AgentSession::on_operations(std::span<const AgentOperation> operations, std::uint64_t dropped) {
  dropped_records_.fetch_add(dropped, std::memory_order_relaxed);
  std::vector<DeviceActivity> activity;
  activity.reserve(operations.size());
  std::uint64_t without_gpu = 0;
  for (const AgentOperation& operation : operations) {
    if (!append_activity(operation, agents_, activity)) ++without_gpu;
  }
  records_without_gpu_.fetch_add(without_gpu, std::memory_order_relaxed);
  timeline_.on_activity_records(activity);
}

void AgentSession::flush_and_settle() {
  const std::lock_guard lock(settle_mutex_);
  const std::uint64_t flushed_at = now();
  if (!runtime_gone_) runtime_.flush(runtime_.context);
  regions_.settle(timeline_, last_flush_ns_);
  last_flush_ns_ = flushed_at;
}

void AgentSession::on_runtime_finalize() {
  const std::lock_guard lock(settle_mutex_);
  if (runtime_gone_) return;
  runtime_.flush(runtime_.context);
  runtime_gone_ = true;
}

void AgentSession::finish() {
  const std::lock_guard lock(settle_mutex_);
  regions_.close_all(now());
  if (!runtime_gone_) runtime_.flush(runtime_.context);
  runtime_gone_ = true;
  regions_.settle(timeline_, end_of_time);
}

std::vector<ProcessDevice> AgentSession::devices_of(RegionHandle region) const {
  return process_devices(regions_.totals(region), timeline_);
}

std::vector<std::string> AgentSession::problems() const {
  std::vector<std::string> out;
  if (const std::uint64_t dropped = dropped_records_.load()) {
    out.push_back("rocprofiler-sdk dropped " + std::to_string(dropped) +
                  " kernel or copy record(s) for lack of buffer space; device times are too low");
  }
  if (const std::uint64_t without_gpu = records_without_gpu_.load()) {
    out.push_back(std::to_string(without_gpu) + " kernel or copy record(s) named no GPU agent and were ignored");
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

} // namespace tally::profiler::rocm
