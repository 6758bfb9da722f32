// SPDX-License-Identifier: BSD-3-Clause
// The GPU agents rocprofiler-sdk lists, in tally's terms: each gets a dense ordinal in this process
// (the device of its DeviceActivity) and an identity that every process of the node computes alike
// from its PCI address, by which ranks that share a GPU count it once (core/device_aggregate.hpp).
// No rocprofiler-sdk header: tested without one.
#pragma once

#include "core/device_activity.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tally::profiler::rocm {

/// A GPU agent as rocprofiler_agent_v0_t describes it, reduced to what tally uses.
struct GpuAgent {
  std::uint64_t handle = 0;       ///< rocprofiler_agent_id_t::handle: what records name it by
  std::uint32_t pci_domain = 0;   ///< `domain`
  std::uint32_t pci_location = 0; ///< `location_id`: bus, device and function
};

/// The identity of the GPU at a PCI address: "hip:", the domain and the location, little-endian,
/// then zeros. The same physical GPU has the same address in every process of a node, whatever
/// HIP_VISIBLE_DEVICES makes of its ordinal; it plays the part of CUDA's UUID.
DeviceUuid pci_identity(std::uint32_t domain, std::uint32_t location);

/// The GPU agents of this process, in the order they were added (rocprofiler lists them in KFD
/// node order). Filled once when the tool starts, read-only afterwards: thread-safe to read.
class AgentTable {
public:
  /// Adds a GPU agent and returns its ordinal, the number of agents added before it. An agent
  /// added twice keeps its first ordinal.
  std::uint32_t add(const GpuAgent& agent);
  /// The ordinal of the GPU agent with `handle`; none for an agent that is no GPU (the CPU side of a
  /// copy) or that was never added.
  std::optional<std::uint32_t> ordinal_of(std::uint64_t handle) const;
  /// The identity of the agent with ordinal `ordinal` (< size()).
  DeviceUuid identity(std::uint32_t ordinal) const;
  std::size_t size() const { return agents_.size(); }

private:
  std::vector<GpuAgent> agents_; // a node has a handful of GPUs: a linear search is the fastest
};

} // namespace tally::profiler::rocm
