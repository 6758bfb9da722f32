// SPDX-License-Identifier: BSD-3-Clause
// tally region API for C++: an RAII guard over the C functions of tally.h.
#pragma once

#include "tally.h"

namespace tally {

/// Measures a scope as a region: starts at construction, stops at destruction.
///
///   static const tally_region_t solve = tally_region_register("solve");
///   { tally::ScopedRegion measured(solve); ... }
class ScopedRegion {
public:
  explicit ScopedRegion(tally_region_t region) : region_(region) { tally_region_start(region_); }
  /// Registers by name on each construction; prefer a handle registered once in loops.
  explicit ScopedRegion(const char* name) : ScopedRegion(tally_region_register(name)) {}
  ~ScopedRegion() { tally_region_stop(region_); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;

private:
  tally_region_t region_;
};

} // namespace tally
