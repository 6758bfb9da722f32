// SPDX-License-Identifier: BSD-3-Clause
// The profiler's own thread, one per measured process while its run measures: it wakes every
// 100 ms and runs the periodic tasks (the timeline's sample, the hang watchdog). It never calls
// MPI, blocks every signal (so that a signal sent to the process reaches an application thread,
// never this one), and is not inherited by the child of a fork (which is not measured).
#pragma once

#include <chrono>
#include <cstdint>
#include <span>

namespace tally::profiler {

/// A periodic task: `now` is the clock tick of this wake-up (clock.hpp).
using HelperTask = void (*)(std::uint64_t now);

/// How long the helper thread sleeps between two wake-ups.
inline constexpr std::chrono::milliseconds helper_period{100};

/// Starts the helper thread, which runs `tasks` in order at every wake-up until stopped. A
/// second start while it runs does nothing. `tasks` must outlive the thread.
void start_helper_thread(std::span<const HelperTask> tasks);

/// Wakes the helper thread and waits for it to end (at most one task round). In the child of a
/// fork, where the thread does not exist, only forgets it. Nothing when it is not running.
void stop_helper_thread();

} // namespace tally::profiler
