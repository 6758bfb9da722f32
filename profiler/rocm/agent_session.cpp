// SPDX-License-Identifier: BSD-3-Clause
// rocprofiler-sdk's buffer records, of GPU agents, to the timeline, and the session's problems: the
// records rocprofiler dropped or that named no GPU, then the timeline's.
#include "rocm/agent_session.hpp"

#include <utility>

namespace tally::profiler::rocm {

AgentSession::AgentSession(AgentTable agents, RuntimeHooks runtime) : agents_(std::move(agents)), runtime_(runtime) {
  for (std::uint32_t device = 0; device < agents_.size(); ++device)
    settling_.timeline().on_device_identified(device, agents_.identity(device));
}

void AgentSession::start_window(RegionHandle region) { settling_.start_window(region); }

void AgentSession::stop_window(RegionHandle region) { settling_.stop_window(region); }

void AgentSession::on_operations(std::span<const AgentOperation> operations, std::uint64_t dropped) {
  dropped_records_.fetch_add(dropped, std::memory_order_relaxed);
  std::vector<DeviceActivity> activity;
  activity.reserve(operations.size());
  std::uint64_t without_gpu = 0;
  for (const AgentOperation& operation : operations) {
    if (!append_activity(operation, agents_, activity)) ++without_gpu;
  }
  records_without_gpu_.fetch_add(without_gpu, std::memory_order_relaxed);
  settling_.timeline().on_activity_records(activity);
}

void AgentSession::on_runtime_finalize() { settling_.on_runtime_gone(); }

void AgentSession::finish() { settling_.finish(); }

std::vector<ProcessDevice> AgentSession::devices_of(RegionHandle region) const { return settling_.devices_of(region); }

std::vector<std::string> AgentSession::problems() const {
  std::vector<std::string> out;
  if (const std::uint64_t dropped = dropped_records_.load()) {
    out.push_back("rocprofiler-sdk dropped " + std::to_string(dropped) +
                  " kernel or copy record(s) for lack of buffer space; device times are too low");
  }
  if (const std::uint64_t without_gpu = records_without_gpu_.load()) {
    out.push_back(std::to_string(without_gpu) + " kernel or copy record(s) named no GPU agent and were ignored");
  }
  settling_.add_problems(out);
  return out;
}

} // namespace tally::profiler::rocm
