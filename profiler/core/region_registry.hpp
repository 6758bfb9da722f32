// SPDX-License-Identifier: BSD-3-Clause
// Region names and their handles, shared by all threads. Registration takes a lock; it happens
// once per name, never on the hot path.
#pragma once

#include "core/thread_regions.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace tally::profiler {

/// The handle of `name`, registering it on first use; -1 for an empty name.
RegionHandle register_region(std::string_view name);

/// Every registered name, indexed by handle.
std::vector<std::string> region_names();

/// How many regions are registered (handles are 0 .. count-1). Takes the lock, never allocates.
std::size_t region_count();

} // namespace tally::profiler
