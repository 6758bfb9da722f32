// SPDX-License-Identifier: BSD-3-Clause
// What one process measured, per region, in nanoseconds: the input of the reduction across
// ranks (MPI backend) or of the single-process document (programs without MPI).
#pragma once

#include "core/run_output.hpp"
#include "core/thread_regions.hpp"
#include "core/timeline_buckets.hpp"

#include "tally/model/region_fold.hpp"
#include "tally/model/region_raw.hpp"
#include "tally/model/run_document.hpp"

#include <array>
#include <cstdint>
#include <map>
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
  /// Elapsed time summed over threads under each parent, by the parent's index in the summary's
  /// names (a region started where no region was open is under Global).
  std::map<std::size_t, std::uint64_t> parent_ns;
  /// The node's energy while the region was open on the thread that reads the node's sensors
  /// (profiler/energy/README.md); absent: not measured by this process.
  std::optional<model::RegionEnergy> energy;
};

struct ProcessSummary {
  std::vector<std::string> names;     ///< every region registered in this process
  std::vector<ProcessRegion> regions; ///< indexed like names
  bool counters = false;              ///< hardware counters were read
  bool offload_measured = false;      ///< a device runtime was intercepted (its time is the offload state)
  bool openmp_measured = false;       ///< an OMPT runtime reported
  bool mpi_measured = false;          ///< MPI calls were intercepted (MPI_Init was called)
  bool openacc_measured = false;      ///< an OpenACC runtime reported a construct (its time is offload)
  /// The device runtime intercepted, when offload_measured: set by the backend that intercepted it.
  model::DeviceRuntime device_runtime = model::DeviceRuntime::cuda;
  TimelineBuckets timeline;                   ///< the process's timeline in nanoseconds (timeline.hpp)
  std::optional<model::EnergySensors> energy; ///< the node's energy sensors, as this process saw them

  /// The optional groups this process measured, as the fold reports them.
  model::MeasuredGroups measured() const {
    return {counters, openmp_measured, offload_measured, mpi_measured, openacc_measured, device_runtime};
  }
};

/// Adds one thread's visits of a region (ticks) to a process's record (nanoseconds): the
/// process's elapsed time is its threads' longest, every other measure their sum.
void add_thread_totals(model::ProcessRecord& record, const RegionTotals& totals, double ns_per_tick);

/// Sums the regions of every thread of this process, converting ticks to nanoseconds. `global`
/// is the handle of Global, the parent of regions started where none was open.
ProcessSummary summarize_process(bool counters, RegionHandle global);

/// The same from another thread while the run goes on (the hang watchdog): every region up to
/// `now`, open ones counted up to `now`, read lock-free (ThreadState::peek, ThreadRegions::peek)
/// without touching the threads' state. A thread that kept changing its regions is left out.
ProcessSummary summarize_process_so_far(bool counters, RegionHandle global, std::uint64_t now);

/// The aggregates of a run made of this one process alone.
model::RegionRaw single_process_raw(const ProcessRegion& region, const ProcessSummary& summary);

/// The regions of a run made of this one process alone: name, visits, raw, place in the tree.
std::vector<model::Region> single_process_regions(const ProcessSummary& summary);

/// What the regions tell of the run's resources: the most threads of a process, and the GPUs the
/// run used (model::gpus_used).
void add_region_resources(model::Resources& resources, const std::vector<model::Region>& regions);

/// What this process alone measured, on `resources` (their threads per rank taken from the regions).
RunAggregates single_process_run(const ProcessSummary& summary, model::Resources resources);

} // namespace tally::profiler
