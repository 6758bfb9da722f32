// What one process measured, per region, in nanoseconds: the input of the reduction across
// ranks (MPI backend) or of the single-process document (programs without MPI).
#pragma once

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

/// One region of one process. visits == 0 means the process never entered it.
struct ProcessRegion {
  std::uint64_t visits = 0;
  std::uint64_t threads = 1;
  std::uint64_t elapsed_ns = 0;
  std::uint64_t useful_ns = 0;
  std::uint64_t mpi_ns = 0;
  std::uint64_t offload_ns = 0;
  std::uint64_t omp_load_imbalance_ns = 0;
  std::uint64_t omp_scheduling_ns = 0;
  std::uint64_t omp_serialization_ns = 0;
  std::uint64_t useful_instructions = 0;
  std::uint64_t useful_cycles = 0;
  std::vector<ProcessDevice> devices; ///< devices with activity while the region ran

  /// The process's time outside MPI, averaged over its threads (POP's MPI view).
  std::uint64_t outside_mpi_ns() const;
};

struct ProcessSummary {
  std::vector<std::string> names;     ///< every region registered in this process
  std::vector<ProcessRegion> regions; ///< indexed like names
  bool counters = false;              ///< hardware counters were read
  bool offload_measured = false;      ///< a device runtime was intercepted (its time is the offload state)
  bool openmp_measured = false;       ///< an OMPT runtime reported
};

/// Sums the regions of every thread of this process, converting ticks to nanoseconds.
ProcessSummary summarize_process(bool counters);

/// The aggregates of a run made of this one process alone.
model::RegionRaw single_process_raw(const ProcessRegion& region, const ProcessSummary& summary);

} // namespace tally::profiler
