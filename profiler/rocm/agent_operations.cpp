// SPDX-License-Identifier: BSD-3-Clause
// Agent operations to device activity on GPU ordinals.
#include "rocm/agent_operations.hpp"

namespace tally::profiler::rocm {
namespace {

DeviceActivity activity(std::uint32_t device, ActivityKind kind, const AgentOperation& operation) {
  return {.device = device,
          .kind = kind,
          .stream = static_cast<std::uint32_t>(operation.queue),
          .begin_ns = operation.begin_ns,
          .end_ns = operation.end_ns};
}

} // namespace

bool append_activity(const AgentOperation& operation, const AgentTable& agents, std::vector<DeviceActivity>& out) {
  const auto device = agents.ordinal_of(operation.agent);
  if (operation.kind == AgentOperationKind::kernel_dispatch) {
    if (!device) return false;
    out.push_back(activity(*device, ActivityKind::kernel, operation));
    return true;
  }
  const auto source = agents.ordinal_of(operation.source_agent);
  if (device) out.push_back(activity(*device, ActivityKind::memcpy, operation));
  if (source && source != device) out.push_back(activity(*source, ActivityKind::memcpy, operation));
  return device || source;
}

} // namespace tally::profiler::rocm
