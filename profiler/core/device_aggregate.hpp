// SPDX-License-Identifier: BSD-3-Clause
// From per-device K_j and D_j to the run's DeviceRaw: one entry per physical device (ranks of
// a node that share a GPU count it once), then the sums and maxima of the device metrics.
#pragma once

#include "core/device_activity.hpp"
#include "core/device_timeline.hpp"
#include "core/process_summary.hpp"
#include "tally/model/region_raw.hpp"

#include <compare>
#include <cstdint>
#include <span>
#include <vector>

namespace tally::profiler {

/// One physical device of the run: the node it is in and its UUID.
struct DeviceKey {
  std::uint64_t node = 0;
  DeviceUuid uuid{};
  auto operator<=>(const DeviceKey&) const = default;
};

/// A key for a device whose UUID is unknown: unique to (rank, ordinal), so such a device is
/// never merged with another rank's.
DeviceKey unshared_device_key(std::uint64_t node, std::uint64_t rank, std::uint32_t ordinal);

/// What one rank measured on one device over one region, in nanoseconds.
struct DeviceShare {
  DeviceKey key;
  std::uint64_t kernel_ns = 0; ///< K measured by this rank
  std::uint64_t memory_ns = 0; ///< D measured by this rank
  bool operator==(const DeviceShare&) const = default;
};

/// A region's device totals as the process summary keeps them, each with its UUID when CUPTI
/// identified the device.
std::vector<ProcessDevice> process_devices(std::span<const DeviceTotals> totals, const DeviceTimeline& timeline);

/// This rank's shares of one region: its devices keyed by node and UUID (or, for a device
/// CUPTI never identified, by unshared_device_key).
std::vector<DeviceShare> shares_of(std::span<const ProcessDevice> devices, std::uint64_t node, std::uint64_t rank);

/// One share per physical device: shares with the same key (ranks of one node driving one GPU)
/// are merged. CUPTI only shows a process its own work, and without MPS the contexts of
/// several processes take turns on a GPU, so their busy times add up; the sum is capped by the
/// region's elapsed time (with MPS, kernels of several ranks do run at once and the cap is all
/// that keeps K sane). D is capped by what is left of the elapsed time after K. The result is
/// ordered by key. Called by the MPI reduction on a node's shares, gathered to its leader.
std::vector<DeviceShare> merge_shared_devices(std::vector<DeviceShare> shares, std::uint64_t elapsed_ns);

/// N, sum K, max K, sum D, max (K + D) over distinct devices (merge_shared_devices first).
model::DeviceRaw aggregate_devices(std::span<const DeviceShare> devices);

/// The devices of a run made of one process (no MPI): its shares merged and aggregated.
model::DeviceRaw single_process_devices(std::span<const ProcessDevice> devices, std::uint64_t elapsed_ns);

/// The aggregate of two disjoint sets of devices (two nodes): sums of devices, kernel_ns and
/// memory_ns, maxima of kernel_max_ns and active_max_ns. The MPI reduction across node leaders
/// is this, element-wise, with MPI_SUM and MPI_MAX.
model::DeviceRaw combine_devices(const model::DeviceRaw& a, const model::DeviceRaw& b);

} // namespace tally::profiler
