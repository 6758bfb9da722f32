// SPDX-License-Identifier: BSD-3-Clause
// A thread's offload state, entered and left by every backend that sees a device runtime (CUDA's
// runtime calls, OpenACC's constructs): one depth per thread for all of them, so that time in the
// runtime reported inside other time in it (a launch inside a construct, a CUDA call inside an
// OpenACC construct) is booked once, whichever backend reports it.
#pragma once

#include "core/thread_state.hpp"

namespace tally::profiler {

/// `thread`, the calling thread's state, enters the device runtime. Only the outermost entry
/// switches it to the offload state; inside MPI it stays MPI time (a CUDA-aware MPI's copy, an MPI
/// library's own constructs). Returns whether the entry was the outermost. Lock- and
/// allocation-free.
bool enter_offload(ThreadState& thread) noexcept;

/// The calling thread leaves it: the outermost exit switches it back to the state it was in before
/// the outermost entry. An exit without its entry (a call running when the backend started)
/// changes nothing.
void leave_offload() noexcept;

} // namespace tally::profiler
