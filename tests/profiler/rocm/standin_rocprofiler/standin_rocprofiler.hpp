// SPDX-License-Identifier: BSD-3-Clause
// What the two halves of the stand-in rocprofiler-sdk share: the clock, the tool's HIP callback,
// and the buffer of records. The rocprofiler-sdk half (standin_rocprofiler.cpp) implements the
// functions a tool calls; the HIP half (standin_hip_runtime.cpp) finds the tool, traces calls and
// queues records.
#pragma once

#include <rocprofiler-sdk/registration.h>
#include <rocprofiler-sdk/rocprofiler.h>

#include <cstdint>

namespace standin {

/// rocprofiler's clock: CLOCK_BOOTTIME in ns, as rocprofiler_get_timestamp.
std::uint64_t now_ns();

/// The agents' handles: one CPU, then the GPUs.
inline constexpr std::uint64_t cpu_agent = 1;
inline constexpr std::uint64_t first_gpu_agent = 100;
/// STANDIN_HIP_DEVICES, read at the first call.
int gpu_count();

/// Calls the tool's HIP runtime API callback for `operation` at `phase`, if the tool configured
/// one and started its context. Call without the stand-in's lock.
void trace_hip_call(rocprofiler_hip_runtime_api_id_t operation, rocprofiler_callback_phase_t phase,
                    rocprofiler_callback_tracing_hip_api_data_t& data);

/// Adds a kernel's record on `gpu` (its index, not its handle), handed over once it has completed.
void record_kernel(int gpu, std::uint64_t begin_ns, std::uint64_t end_ns);
/// Adds a host-to-device copy's record on `gpu`, handed over once it has completed.
void record_copy_to_gpu(int gpu, std::uint64_t begin_ns, std::uint64_t end_ns);

/// rocprofiler's exit handler is over: a tool's call to rocprofiler from now on aborts the program.
void finalize();

} // namespace standin
