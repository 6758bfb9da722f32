// SPDX-License-Identifier: BSD-3-Clause
// Region windows on the device timeline: opened and closed by region visits, settled in pieces.
#include "core/device_regions.hpp"

#include <algorithm>

namespace tally::profiler {

DeviceRegions::Region& DeviceRegions::region(RegionHandle id) {
  const auto index = static_cast<std::size_t>(id);
  if (index >= regions_.size()) regions_.resize(index + 1);
  return regions_[index];
}

void DeviceRegions::start(RegionHandle id, std::uint64_t now_ns) {
  if (id < 0) return;
  const std::lock_guard lock(mutex_);
  Region& r = region(id);
  if (r.depth++ == 0) r.open_from_ns = now_ns;
}

bool DeviceRegions::stop(RegionHandle id, std::uint64_t now_ns) {
  if (id < 0) return false;
  const std::lock_guard lock(mutex_);
  Region& r = region(id);
  if (r.depth == 0) return false;
  if (--r.depth == 0 && now_ns > r.open_from_ns) r.closed.push_back({r.open_from_ns, now_ns});
  return true;
}

int DeviceRegions::close_all(std::uint64_t now_ns) {
  const std::lock_guard lock(mutex_);
  int open = 0;
  for (Region& r : regions_) {
    if (r.depth == 0) continue;
    ++open;
    r.depth = 0;
    if (now_ns > r.open_from_ns) r.closed.push_back({r.open_from_ns, now_ns});
  }
  return open;
}

void DeviceRegions::add(Region& r, const std::vector<DeviceTotals>& part) {
  for (const DeviceTotals& device : part) {
    auto it = std::lower_bound(r.totals.begin(), r.totals.end(), device.device,
                               [](const DeviceTotals& t, std::uint32_t id) { return t.device < id; });
    if (it == r.totals.end() || it->device != device.device)
      it = r.totals.insert(it, DeviceTotals{.device = device.device});
    it->kernel_ns += device.kernel_ns;
    it->memory_ns += device.memory_ns;
  }
}

void DeviceRegions::settle(DeviceTimeline& timeline, std::uint64_t safe_ns) {
  const std::lock_guard lock(mutex_);
  for (Region& r : regions_) {
    // K and D are measures of sets, so a window's total is the sum over any split of it: the
    // part up to safe_ns is added now and the window keeps only the rest.
    std::size_t kept = 0;
    for (Window& window : r.closed) {
      const std::uint64_t to = std::min(window.end_ns, safe_ns);
      if (to > window.begin_ns) add(r, timeline.totals_in_window(window.begin_ns, to));
      if (window.end_ns <= safe_ns) continue;
      window.begin_ns = std::max(window.begin_ns, safe_ns);
      r.closed[kept++] = window;
    }
    r.closed.resize(kept);
    if (r.depth > 0 && safe_ns > r.open_from_ns) {
      add(r, timeline.totals_in_window(r.open_from_ns, safe_ns));
      r.open_from_ns = safe_ns;
    }
  }
  timeline.discard_before(safe_ns);
}

std::vector<DeviceTotals> DeviceRegions::totals(RegionHandle id) const {
  const std::lock_guard lock(mutex_);
  const auto index = static_cast<std::size_t>(id);
  return id >= 0 && index < regions_.size() ? regions_[index].totals : std::vector<DeviceTotals>{};
}

std::size_t DeviceRegions::pending_windows() const {
  const std::lock_guard lock(mutex_);
  std::size_t count = 0;
  for (const Region& r : regions_)
    count += r.closed.size();
  return count;
}

} // namespace tally::profiler
