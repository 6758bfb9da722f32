// SPDX-License-Identifier: BSD-3-Clause
// What one process measured, per region, in nanoseconds: the input of the reduction across
// ranks (MPI backend) or of the single-process document (programs without MPI).
#pragma once

#include "tally/model/region_fold.hpp"
#include "tally/model/region_raw.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tally::profiler {

/// What one device did during a region, as this process saw it (the CUDA backend fills it).
struct ProcessDevice {
  std::uint32_t ordinal = 0;                        ///< CUDA ordinal in this process
  std::optional<std::array<std::uint8_t, 16>> uuid; ///< the physical GPU, when CUDA identified it
  std::uint64_t kernel_ns = 0;                      ///< K: time with at least one kernel running
  std::uint64_t memory_ns = 0;                      ///< D: time with a memory operation and no kernel
};

/// One region of one process: its record for the fold of the region (model/region_fold.hpp) and
/// what its devices did. visits == 0 means the process never entered it.
struct ProcessRegion : model::ProcessRecord {
  std::vector<ProcessDevice> devices; ///< devices with activity while the region ran
};

struct ProcessSummary {
  std::vector<std::string> names;     ///< every region registered in this process
  std::vector<ProcessRegion> regions; ///< indexed like names
  bool counters = false;              ///< hardware counters were read
  bool offload_measured = false;      ///< a device runtime was intercepted (its time is the offload state)
  bool openmp_measured = false;       ///< an OMPT runtime reported

  /// The optional groups this process measured, as the fold reports them.
  model::MeasuredGroups measured() const { return {counters, openmp_measured, offload_measured}; }
};

/// Sums the regions of every thread of this process, converting ticks to nanoseconds.
ProcessSummary summarize_process(bool counters);

/// The aggregates of a run made of this one process alone.
model::RegionRaw single_process_raw(const ProcessRegion& region, const ProcessSummary& summary);

} // namespace tally::profiler
