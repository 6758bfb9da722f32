// SPDX-License-Identifier: BSD-3-Clause
// What this process's devices did: the union of kernels and of memory operations per device,
// fed with activity records, asked for K_j and D_j over windows of host time.
#pragma once

#include "core/device_activity.hpp"
#include "core/interval_set.hpp"

#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

namespace tally::profiler {

/// K_j and D_j of one device over some windows, in nanoseconds.
struct DeviceTotals {
  std::uint32_t device = 0;    ///< CUDA ordinal in this process
  std::uint64_t kernel_ns = 0; ///< K: time with at least one kernel running (streams merged)
  std::uint64_t memory_ns = 0; ///< D: time with a copy or memset running and no kernel
  bool operator==(const DeviceTotals&) const = default;
};

/// Every member is thread-safe (one mutex): CUPTI delivers buffers on its own thread while the
/// profiler settles windows on the application's. None is async-signal-safe (they allocate).
class DeviceTimeline {
public:
  /// The entry point of activity: the CUPTI buffer-completed callback and the tests call it.
  /// A record that begins before discarded_before() is clipped to it (its earlier part was
  /// already settled without it) and that part is counted in late_ns().
  void on_activity_records(std::span<const DeviceActivity> records);
  /// Remembers which physical device an ordinal is (from CUPTI's device records). CUPTI
  /// describes every device it sees, used or not: only activity makes a device count.
  void on_device_identified(std::uint32_t device, const DeviceUuid& uuid);

  /// K_j and D_j of one device inside [begin, end). Activity straddling a window edge counts
  /// only for its part inside. Exact for windows that begin at or after discarded_before().
  DeviceTotals totals_in_window(std::uint32_t device, std::uint64_t begin_ns, std::uint64_t end_ns) const;
  /// The same for every device that reported activity, by ascending ordinal.
  std::vector<DeviceTotals> totals_in_window(std::uint64_t begin_ns, std::uint64_t end_ns) const;
  /// Ordinals of the devices that reported activity, ascending (a device that has had
  /// activity stays listed after its records are discarded).
  std::vector<std::uint32_t> devices() const;
  std::optional<DeviceUuid> uuid(std::uint32_t device) const;

  /// Forgets activity that ended at or before `horizon_ns`. The owner calls it once every
  /// window has been settled up to the horizon; a horizon below an earlier one is ignored.
  void discard_before(std::uint64_t horizon_ns);
  std::uint64_t discarded_before() const;
  /// Stored runs over all devices and kinds (16 bytes each): what the memory bound is about.
  std::size_t stored_runs() const;
  /// Activity time clipped off records that arrived after their time was settled.
  std::uint64_t late_ns() const;
  /// Records ignored because they end at or before they begin (CUPTI reports 0 for both
  /// timestamps when it could not take them).
  std::uint64_t invalid_records() const;

private:
  struct Device {
    std::uint32_t id = 0;
    IntervalSet kernels;
    IntervalSet memory;
  };
  struct Identity {
    std::uint32_t device = 0;
    DeviceUuid uuid{};
  };
  Device& slot(std::uint32_t device); // requires mutex_ held
  const Device* find(std::uint32_t device) const;
  static DeviceTotals measure(const Device& device, std::uint64_t begin_ns, std::uint64_t end_ns);

  mutable std::mutex mutex_;
  std::vector<Device> devices_; // ascending id; a process drives a handful of devices
  std::vector<Identity> identities_;
  std::uint64_t horizon_ns_ = 0;
  std::uint64_t late_ns_ = 0;
  std::uint64_t invalid_records_ = 0;
};

} // namespace tally::profiler
