// SPDX-License-Identifier: BSD-3-Clause
// The raw aggregates of one region over all processes of a run: the numbers every metric is
// computed from. Times are integer nanoseconds, counts are integers; all fields are fixed-size
// sums or maxima so that a run document does not grow with the number of ranks. They are made
// from per-process records by the one fold, region_fold.hpp.
#pragma once

#include "tally/model/region_counts.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tally::model {

/// Time of the OpenMP states, summed over every thread of every process, and the constructs
/// counted. Present only when an OMPT runtime measured the run.
struct OpenMpRaw {
  std::uint64_t load_imbalance_ns = 0;                   ///< idle in barriers and at the end of parallel regions
  std::uint64_t scheduling_ns = 0;                       ///< inside the runtime: fork, scheduling, task management
  std::uint64_t serialization_ns = 0;                    ///< idle outside parallel regions while the master works
  std::optional<std::uint64_t> parallels = std::nullopt; ///< parallel regions started; absent in older documents
  std::optional<std::uint64_t> tasks = std::nullopt;     ///< explicit tasks created; absent in older documents
  bool operator==(const OpenMpRaw&) const = default;
};

/// Intercepted MPI calls and their payload, summed over every thread of every process. Present
/// only when the MPI backend measured the run. Counts, not times: equal for equal work.
struct MpiRaw {
  std::uint64_t calls = 0;     ///< intercepted calls
  std::uint64_t calls_max = 0; ///< the most calls one process made (imbalance of counts)
  // The rest is absent where it was not recorded: imported DLB TALP runs count calls only.
  using ByKind = std::array<std::uint64_t, mpi_call_kinds.size()>;
  std::optional<ByKind> calls_by_kind = std::nullopt;         ///< indexed like mpi_call_kinds
  std::optional<std::uint64_t> bytes_sent = std::nullopt;     ///< point-to-point, count × datatype size of each send
  std::optional<std::uint64_t> bytes_received = std::nullopt; ///< point-to-point, count × size posted by each receive
  std::optional<std::uint64_t> collective_bytes = std::nullopt; ///< count × datatype size handed to collectives
  bool operator==(const MpiRaw&) const = default;
};

/// Hardware counters of the useful state, summed over every thread of every process.
struct CounterRaw {
  std::uint64_t useful_instructions = 0;
  std::uint64_t useful_cycles = 0;
  bool operator==(const CounterRaw&) const = default;
};

/// Device activity over the region. K_j is kernel time of device j (overlapping kernels merged),
/// D_j memory-operation time of device j not overlapped with its kernels.
struct DeviceRaw {
  std::uint64_t devices = 0;       ///< N, each physical device counted once
  std::uint64_t kernel_ns = 0;     ///< sum_j K_j
  std::uint64_t kernel_max_ns = 0; ///< max_j K_j
  std::uint64_t memory_ns = 0;     ///< sum_j D_j
  std::uint64_t active_max_ns = 0; ///< max_j (K_j + D_j)
  bool operator==(const DeviceRaw&) const = default;
};

/// The kernels and copies among a run's device runtime calls.
struct LaunchesAndCopies {
  std::uint64_t kernel_launches = 0;     ///< kernels launched
  std::uint64_t kernel_launches_max = 0; ///< the most kernels one process launched (imbalance of counts)
  using ByDirection = std::array<std::uint64_t, device_copy_directions.size()>;
  ByDirection copies{};     ///< memory copies, indexed like device_copy_directions
  ByDirection copy_bytes{}; ///< bytes the copying calls asked for, indexed like device_copy_directions
  bool operator==(const LaunchesAndCopies&) const = default;
};

/// The device runtime whose calls a region counted: CUDA's (CUPTI) or HIP's (rocprofiler-sdk).
enum class DeviceRuntime : std::uint8_t { cuda, hip };

/// Each DeviceRuntime's name in the document, indexed by it.
inline constexpr std::array<std::string_view, 2> device_runtime_names{"cuda", "hip"};

/// The device runtime calls (CUDA's or HIP's) the host threads made, summed over every thread of
/// every process, each counted in the region open on the calling thread when it was made. Present
/// only when the CUDA or HIP backend measured the run (or an imported one counted its calls);
/// written under raw.device with DeviceRaw's times.
struct DeviceCountsRaw {
  std::uint64_t runtime_calls = 0; ///< every runtime call
  /// Absent when only the calls were counted (DLB TALP's numGpuRuntimeCalls).
  std::optional<LaunchesAndCopies> launches_and_copies = std::nullopt;
  /// Whose calls they are; absent where the document does not say (written before tally.run/8, or
  /// imported from DLB TALP, which counts CUDA's and HIP's calls alike).
  std::optional<DeviceRuntime> runtime = std::nullopt;
  bool operator==(const DeviceCountsRaw&) const = default;
};

/// The OpenACC constructs the host threads ran, summed over every thread of every process, each
/// counted in the region open on its thread when it started. Present only when the OpenACC
/// backend measured the run (the runtime reported a construct).
struct OpenAccRaw {
  using ByKind = std::array<std::uint64_t, openacc_construct_kinds.size()>;
  using ByEnqueue = std::array<std::uint64_t, openacc_enqueue_kinds.size()>;
  ByKind constructs{};                  ///< outermost constructs, indexed like openacc_construct_kinds
  std::uint64_t constructs_on_host = 0; ///< those the runtime ran on the host (no device, or host fallback)
  ByEnqueue enqueues{};                 ///< indexed like openacc_enqueue_kinds, nested ones included
  bool operator==(const OpenAccRaw&) const = default;
};

/// Host aggregates. "Outside MPI" time of a process is its threads' time in every state but MPI,
/// divided by its thread count (POP's MPI view: threads idle while the master is in MPI count
/// as MPI). For a single-threaded process it is useful plus offload time. Per-process values are
/// rounded up to whole nanoseconds, so that averages never exceed maxima.
struct RegionRaw {
  std::uint64_t processes = 0;             ///< ranks that entered the region
  std::uint64_t threads_per_process = 1;   ///< CPUs per process (1 without OpenMP)
  std::uint64_t nodes = 0;                 ///< nodes hosting those processes
  std::uint64_t elapsed_ns = 0;            ///< T: max over processes of the time inside the region
  std::uint64_t useful_ns = 0;             ///< sum over threads of useful time
  std::uint64_t mpi_ns = 0;                ///< sum over threads of time in MPI (or idle while master is)
  std::optional<std::uint64_t> offload_ns; ///< sum over threads inside the device runtime, when measured
  std::uint64_t outside_mpi_max_ns = 0;    ///< max over processes of the outside-MPI time
  /// The node whose processes have the largest average outside-MPI time: the sum of their
  /// outside-MPI times and how many they are (a pair, so the average stays exact).
  std::uint64_t busiest_node_outside_mpi_ns = 0;
  std::uint64_t busiest_node_processes = 0;
  std::optional<OpenMpRaw> openmp;
  std::optional<CounterRaw> counters;
  std::optional<DeviceRaw> device;
  std::optional<MpiRaw> mpi = std::nullopt; ///< last, so that positional initialisers of the others stay valid
  std::optional<DeviceCountsRaw> device_counts = std::nullopt; ///< written under raw.device
  std::optional<OpenAccRaw> openacc = std::nullopt;
  bool operator==(const RegionRaw&) const = default;
};

} // namespace tally::model
