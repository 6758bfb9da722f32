// SPDX-License-Identifier: BSD-3-Clause
// The host side of CUDA: the time a thread spends inside CUDA runtime calls (launches, copies,
// synchronisation) is its offload state, and each call adds to the thread's counts (runtime
// calls, kernel launches, copies and bytes by direction). Called from CUPTI's runtime-API callbacks.
#pragma once

#include "cuda/cupti_sink.hpp"

namespace tally::profiler::cuda {

/// The calling thread enters the CUDA runtime call `call`: counted in the thread's running
/// totals, so in the regions open on it. Lock- and allocation-free after the thread's first call.
void on_runtime_enter(const TallyRuntimeCall* call) noexcept;

/// The calling thread leaves it: back to the state it was in before.
void on_runtime_exit() noexcept;

} // namespace tally::profiler::cuda
