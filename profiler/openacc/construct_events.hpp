// SPDX-License-Identifier: BSD-3-Clause
// The host side of OpenACC: the time a thread spends inside OpenACC constructs is its offload
// state, and each outermost construct adds to the thread's counts (by kind, and whether it ran on
// the host), each enqueued launch, upload or download too. Called from the OpenACC runtime's
// profiling callbacks (openacc_backend.cpp), which translate its events into these calls.
#pragma once

#include <cstddef>
#include <optional>

namespace tally::profiler::openacc {

/// A start event of the calling thread: a construct of kind `construct` (an index of
/// model::openacc_construct_kinds), or, without one, other time in the runtime (the device's
/// initialisation, an enqueue). `on_host`: the runtime runs it on the host. Only the outermost
/// start counts and switches the thread to the offload state; a start inside it (the implicit
/// data movement and launch of a compute construct) is part of it. Lock- and allocation-free
/// after the thread's first event.
void on_start(std::optional<std::size_t> construct, bool on_host) noexcept;

/// The matching end event: back to the state the thread was in before its outermost start.
void on_end() noexcept;

/// A launch, upload or download (an index of model::openacc_enqueue_kinds) enqueued on a device,
/// counted wherever it is reported, inside a construct or not.
void on_enqueue(std::size_t kind) noexcept;

/// Whether some thread has started an OpenACC construct: the run then reports OpenACC.
bool constructs_seen() noexcept;

} // namespace tally::profiler::openacc
