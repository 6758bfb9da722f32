// SPDX-License-Identifier: BSD-3-Clause
// Per-node de-duplication of shared devices and the sums and maxima of the device metrics.
#include "core/device_aggregate.hpp"

#include <algorithm>

namespace tally::profiler {

DeviceKey unshared_device_key(std::uint64_t node, std::uint64_t rank, std::uint32_t ordinal) {
  // A real UUID is random (version 4) or vendor-assigned; 0xff in the first byte and 0x00 in
  // the second never starts an NVIDIA one, and the rest is (rank, ordinal), so keys differ.
  DeviceKey key{.node = node};
  key.uuid[0] = 0xff;
  for (int i = 0; i < 8; ++i)
    key.uuid[2 + i] = static_cast<std::uint8_t>(rank >> (8 * i));
  for (int i = 0; i < 4; ++i)
    key.uuid[10 + i] = static_cast<std::uint8_t>(ordinal >> (8 * i));
  return key;
}

std::vector<ProcessDevice> process_devices(std::span<const DeviceTotals> totals, const DeviceTimeline& timeline) {
  std::vector<ProcessDevice> out;
  out.reserve(totals.size());
  for (const DeviceTotals& device : totals)
    out.push_back({device.device, timeline.uuid(device.device), device.kernel_ns, device.memory_ns});
  return out;
}

std::vector<DeviceShare> shares_of(std::span<const ProcessDevice> devices, std::uint64_t node, std::uint64_t rank) {
  std::vector<DeviceShare> out;
  out.reserve(devices.size());
  for (const ProcessDevice& device : devices) {
    const DeviceKey key =
        device.uuid ? DeviceKey{.node = node, .uuid = *device.uuid} : unshared_device_key(node, rank, device.ordinal);
    out.push_back({.key = key, .kernel_ns = device.kernel_ns, .memory_ns = device.memory_ns});
  }
  return out;
}

std::vector<DeviceShare> merge_shared_devices(std::vector<DeviceShare> shares, std::uint64_t elapsed_ns) {
  std::sort(shares.begin(), shares.end(), [](const DeviceShare& a, const DeviceShare& b) { return a.key < b.key; });
  std::vector<DeviceShare> merged;
  for (const DeviceShare& share : shares) {
    if (!merged.empty() && merged.back().key == share.key) {
      merged.back().kernel_ns += share.kernel_ns;
      merged.back().memory_ns += share.memory_ns;
    } else {
      merged.push_back(share);
    }
  }
  for (DeviceShare& device : merged) {
    device.kernel_ns = std::min(device.kernel_ns, elapsed_ns);
    device.memory_ns = std::min(device.memory_ns, elapsed_ns - device.kernel_ns);
  }
  return merged;
}

model::DeviceRaw aggregate_devices(std::span<const DeviceShare> devices) {
  model::DeviceRaw raw;
  for (const DeviceShare& device : devices) {
    raw.devices += 1;
    raw.kernel_ns += device.kernel_ns;
    raw.kernel_max_ns = std::max(raw.kernel_max_ns, device.kernel_ns);
    raw.memory_ns += device.memory_ns;
    raw.active_max_ns = std::max(raw.active_max_ns, device.kernel_ns + device.memory_ns);
  }
  return raw;
}

model::DeviceRaw single_process_devices(std::span<const ProcessDevice> devices, std::uint64_t elapsed_ns) {
  return aggregate_devices(merge_shared_devices(shares_of(devices, 0, 0), elapsed_ns));
}

model::DeviceRaw combine_devices(const model::DeviceRaw& a, const model::DeviceRaw& b) {
  return {.devices = a.devices + b.devices,
          .kernel_ns = a.kernel_ns + b.kernel_ns,
          .kernel_max_ns = std::max(a.kernel_max_ns, b.kernel_max_ns),
          .memory_ns = a.memory_ns + b.memory_ns,
          .active_max_ns = std::max(a.active_max_ns, b.active_max_ns)};
}

} // namespace tally::profiler
