// SPDX-License-Identifier: BSD-3-Clause
// The event counts a region accumulates (MPI calls by kind and bytes, OpenMP parallel regions
// and tasks, device runtime calls, kernel launches, copies and bytes by direction, OpenACC constructs
// by kind and the launches, uploads and downloads they enqueued): their slots in
// the profiler's per-thread running totals and in the fold, and the names the document uses. Counts
// are exact, so that the gate can compare them without a noise model.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tally::model {

/// The kinds of intercepted MPI calls in the order of profiler/mpi/generate_wrappers.py (the
/// generated call table checks at compile time that it names the same kinds in the same order).
inline constexpr std::array<std::string_view, 15> mpi_call_kinds{"point_to_point",
                                                                 "nonblocking_point_to_point",
                                                                 "persistent",
                                                                 "collective",
                                                                 "nonblocking_collective",
                                                                 "wait_test",
                                                                 "probe",
                                                                 "one_sided",
                                                                 "one_sided_sync",
                                                                 "io",
                                                                 "nonblocking_io",
                                                                 "collective_io",
                                                                 "communicator",
                                                                 "window",
                                                                 "dynamic_process"};

/// The directions of CUDA memory copies, as the copying runtime call states them
/// (profiler/cuda/README.md): its cudaMemcpyKind, "peer" for cudaMemcpyPeer between two devices,
/// "default" for cudaMemcpyDefault, whose direction the runtime infers from unified addresses.
inline constexpr std::array<std::string_view, 6> device_copy_directions{
    "host_to_device", "device_to_host", "device_to_device", "host_to_host", "peer", "default"};

/// The kinds of OpenACC constructs, as the OpenACC Profiling Interface's start events name them
/// (profiler/openacc/README.md): a compute construct (parallel, kernels, serial), an enter data
/// (the directive, a data construct's entry, the runtime's copyin and create routines), an exit
/// data (their counterparts), an update, a wait.
inline constexpr std::array<std::string_view, 5> openacc_construct_kinds{"compute", "enter_data", "exit_data", "update",
                                                                         "wait"};

/// What OpenACC constructs enqueue on a device: kernel launches, uploads to it, downloads from it.
inline constexpr std::array<std::string_view, 3> openacc_enqueue_kinds{"launch", "upload", "download"};

namespace count_slot {
/// Positions in a Counts array.
enum : std::size_t {
  mpi_calls,            ///< intercepted MPI calls (a nested call inside MPI counts once)
  mpi_bytes_sent,       ///< point-to-point: count × datatype size of each send
  mpi_bytes_received,   ///< point-to-point: count × datatype size posted by each receive
  mpi_collective_bytes, ///< count × datatype size handed to each collective (profiler/mpi/README.md)
  omp_parallels,        ///< OpenMP parallel regions started (by the thread that forks them)
  omp_tasks,            ///< explicit OpenMP tasks created
  mpi_calls_by_kind,    ///< the first of one slot per mpi_call_kinds entry, in that order
  device_runtime_calls = mpi_calls_by_kind + mpi_call_kinds.size(), ///< CUDA's or HIP's runtime calls
  device_kernel_launches,                                           ///< kernels launched through the runtime
  device_copies, ///< the first of one slot per device_copy_directions entry: copies made
  device_copy_bytes = device_copies + device_copy_directions.size(),      ///< the first of one per direction: bytes
  openacc_constructs = device_copy_bytes + device_copy_directions.size(), ///< the first of one per construct kind
  openacc_constructs_on_host = openacc_constructs + openacc_construct_kinds.size(), ///< those run on the host
  openacc_enqueues, ///< the first of one slot per openacc_enqueue_kinds entry
  total = openacc_enqueues + openacc_enqueue_kinds.size()
};
} // namespace count_slot

/// Running or accumulated counts, indexed by count_slot.
using Counts = std::array<std::uint64_t, count_slot::total>;

} // namespace tally::model
