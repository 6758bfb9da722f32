// SPDX-License-Identifier: BSD-3-Clause
// The helper thread's tasks: one line each.
#include "core/helper_tasks.hpp"

#include "core/backend.hpp"
#include "core/hang_watchdog.hpp"
#include "core/timeline.hpp"

#include <array>

namespace tally::profiler {
namespace {

constexpr std::array<HelperTask, 3> tasks{
    sample_timeline, // first, so that later tasks of the same wake-up see the timeline up to it
    watch_for_hang,
    notify_helper_wake, // the backends' periodic work (energy counters)
};

} // namespace

std::span<const HelperTask> helper_tasks() { return tasks; }

} // namespace tally::profiler
