// SPDX-License-Identifier: BSD-3-Clause
// The host side of HIP: the time a thread spends inside HIP runtime calls (launches, copies,
// synchronisation) is its offload state, and each call adds to the thread's counts, in the same
// slots as CUDA's runtime calls. Called from rocprofiler-sdk's HIP runtime API callbacks.
#pragma once

#include "core/device_calls.hpp"

namespace tally::profiler::rocm {

/// The calling thread enters the HIP runtime call `call`: counted in its running totals, so in the
/// regions open on it, and offload time from now (a call inside MPI stays MPI time). Lock- and
/// allocation-free after the thread's first call.
void on_hip_call_enter(const DeviceCall& call) noexcept;

/// The calling thread leaves it: back to the state it was in before.
void on_hip_call_exit() noexcept;

} // namespace tally::profiler::rocm
