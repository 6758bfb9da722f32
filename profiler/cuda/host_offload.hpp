// SPDX-License-Identifier: BSD-3-Clause
// The host side of CUDA: the time a thread spends inside CUDA runtime calls (launches, copies,
// synchronisation) is its offload state. Called from CUPTI's runtime-API callbacks.
#pragma once

namespace tally::profiler::cuda {

/// The calling thread enters a CUDA runtime call. Lock- and allocation-free after the thread's
/// first call.
void on_runtime_enter() noexcept;

/// The calling thread leaves it: back to the state it was in before.
void on_runtime_exit() noexcept;

} // namespace tally::profiler::cuda
