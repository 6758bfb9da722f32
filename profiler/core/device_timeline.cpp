// SPDX-License-Identifier: BSD-3-Clause
// Activity records into per-device unions, and K_j / D_j over windows of host time.
#include "core/device_timeline.hpp"

#include <algorithm>

namespace tally::profiler {

DeviceTimeline::Device& DeviceTimeline::slot(std::uint32_t device) {
  auto it = std::lower_bound(devices_.begin(), devices_.end(), device,
                             [](const Device& d, std::uint32_t id) { return d.id < id; });
  if (it == devices_.end() || it->id != device) {
    it = devices_.insert(it, Device{});
    it->id = device;
  }
  return *it;
}

const DeviceTimeline::Device* DeviceTimeline::find(std::uint32_t device) const {
  for (const Device& d : devices_) {
    if (d.id == device) return &d;
  }
  return nullptr;
}

void DeviceTimeline::on_activity_records(std::span<const DeviceActivity> records) {
  const std::lock_guard lock(mutex_);
  for (const DeviceActivity& record : records) {
    if (record.end_ns <= record.begin_ns) {
      ++invalid_records_;
      continue;
    }
    std::uint64_t begin = record.begin_ns;
    if (begin < horizon_ns_) {
      late_ns_ += std::min(record.end_ns, horizon_ns_) - begin;
      begin = horizon_ns_;
      if (record.end_ns <= begin) continue;
    }
    Device& device = slot(record.device);
    IntervalSet& set = record.kind == ActivityKind::kernel ? device.kernels : device.memory;
    set.add(begin, record.end_ns);
  }
}

void DeviceTimeline::on_device_identified(std::uint32_t device, const DeviceUuid& uuid) {
  const std::lock_guard lock(mutex_);
  for (Identity& known : identities_) {
    if (known.device == device) {
      known.uuid = uuid;
      return;
    }
  }
  identities_.push_back({device, uuid});
}

DeviceTotals DeviceTimeline::measure(const Device& device, std::uint64_t begin_ns, std::uint64_t end_ns) {
  DeviceTotals totals{.device = device.id};
  if (end_ns <= begin_ns) return totals;
  totals.kernel_ns = device.kernels.length_in(begin_ns, end_ns);
  // Memory operations hidden behind a kernel cost the device nothing: only the rest counts.
  totals.memory_ns = device.memory.length_in_outside(device.kernels, begin_ns, end_ns);
  return totals;
}

DeviceTotals DeviceTimeline::totals_in_window(std::uint32_t device, std::uint64_t begin_ns,
                                              std::uint64_t end_ns) const {
  const std::lock_guard lock(mutex_);
  const Device* found = find(device);
  return found ? measure(*found, begin_ns, end_ns) : DeviceTotals{.device = device};
}

std::vector<DeviceTotals> DeviceTimeline::totals_in_window(std::uint64_t begin_ns, std::uint64_t end_ns) const {
  const std::lock_guard lock(mutex_);
  std::vector<DeviceTotals> out;
  out.reserve(devices_.size());
  for (const Device& device : devices_)
    out.push_back(measure(device, begin_ns, end_ns));
  return out;
}

std::vector<std::uint32_t> DeviceTimeline::devices() const {
  const std::lock_guard lock(mutex_);
  std::vector<std::uint32_t> out;
  for (const Device& device : devices_)
    out.push_back(device.id);
  return out;
}

std::optional<DeviceUuid> DeviceTimeline::uuid(std::uint32_t device) const {
  const std::lock_guard lock(mutex_);
  for (const Identity& known : identities_) {
    if (known.device == device) return known.uuid;
  }
  return std::nullopt;
}

void DeviceTimeline::discard_before(std::uint64_t horizon_ns) {
  const std::lock_guard lock(mutex_);
  if (horizon_ns <= horizon_ns_) return;
  horizon_ns_ = horizon_ns;
  for (Device& device : devices_) {
    device.kernels.drop_before(horizon_ns);
    device.memory.drop_before(horizon_ns);
  }
}

std::uint64_t DeviceTimeline::discarded_before() const {
  const std::lock_guard lock(mutex_);
  return horizon_ns_;
}

std::size_t DeviceTimeline::stored_runs() const {
  const std::lock_guard lock(mutex_);
  std::size_t runs = 0;
  for (const Device& device : devices_)
    runs += device.kernels.runs().size() + device.memory.runs().size();
  return runs;
}

std::uint64_t DeviceTimeline::late_ns() const {
  const std::lock_guard lock(mutex_);
  return late_ns_;
}

std::uint64_t DeviceTimeline::invalid_records() const {
  const std::lock_guard lock(mutex_);
  return invalid_records_;
}

} // namespace tally::profiler
