// SPDX-License-Identifier: BSD-3-Clause
// This process's coarse timeline: where the time of its threads went, bucket by bucket since
// its run started. The helper thread samples the threads' running totals (ThreadState::peek,
// lock-free) at each wake-up; the run's end takes one last sample, so that the buckets sum to
// the threads' totals exactly.
#pragma once

#include "core/timeline_buckets.hpp"

#include "tally/model/run_timeline.hpp"

#include <cstdint>

namespace tally::profiler {

/// At the start of the run, before the helper thread starts: `now` is the tick Global opened at.
/// The threads' totals then are the baseline that later samples subtract.
void start_timeline(std::uint64_t now);

/// The helper task (helper_tasks.cpp): adds what every thread did since the previous sample,
/// per state group, to the buckets of the interval in between. Never calls MPI, never
/// allocates on an application thread, reads other threads only through ThreadState::peek.
void sample_timeline(std::uint64_t now);

/// This process's buckets up to `now` (a tick) in nanoseconds: takes a sample at `now` first.
/// On the helper thread (a helper task), or after it stopped (the run's end: `now` is the tick
/// Global closed at). Fixes the clock's rate (nanoseconds_per_tick) when the run has not yet.
TimelineBuckets process_buckets(std::uint64_t now);

/// The same in the model's form (for a document written before the run's end: the hang watchdog).
model::Timeline process_timeline(std::uint64_t now);

/// The model's form of buckets in nanoseconds (no behaviour, no idle nodes).
model::Timeline to_model(const TimelineBuckets& buckets);

} // namespace tally::profiler
