// SPDX-License-Identifier: BSD-3-Clause
// Ordinals and PCI identities of GPU agents.
#include "rocm/agent_table.hpp"

#include <algorithm>

namespace tally::profiler::rocm {
namespace {

void put_little_endian(DeviceUuid& bytes, std::size_t at, std::uint32_t value) {
  for (std::size_t i = 0; i < 4; ++i)
    bytes[at + i] = static_cast<std::uint8_t>((value >> (8 * i)) & 0xffu);
}

} // namespace

DeviceUuid pci_identity(std::uint32_t domain, std::uint32_t location) {
  DeviceUuid bytes{'h', 'i', 'p', ':'};
  put_little_endian(bytes, 4, domain);
  put_little_endian(bytes, 8, location);
  return bytes;
}

std::uint32_t AgentTable::add(const GpuAgent& agent) {
  if (const auto known = ordinal_of(agent.handle)) return *known;
  agents_.push_back(agent);
  return static_cast<std::uint32_t>(agents_.size() - 1);
}

std::optional<std::uint32_t> AgentTable::ordinal_of(std::uint64_t handle) const {
  const auto found =
      std::find_if(agents_.begin(), agents_.end(), [handle](const GpuAgent& agent) { return agent.handle == handle; });
  if (found == agents_.end()) return std::nullopt;
  return static_cast<std::uint32_t>(found - agents_.begin());
}

DeviceUuid AgentTable::identity(std::uint32_t ordinal) const {
  const GpuAgent& agent = agents_.at(ordinal);
  return pci_identity(agent.pci_domain, agent.pci_location);
}

} // namespace tally::profiler::rocm
