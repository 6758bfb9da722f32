// SPDX-License-Identifier: BSD-3-Clause
// The one list of what the helper thread does at each wake-up.
#pragma once

#include "core/helper_thread.hpp"

#include <span>

namespace tally::profiler {

/// The helper thread's tasks, in the order they run at each wake-up.
std::span<const HelperTask> helper_tasks();

} // namespace tally::profiler
