// SPDX-License-Identifier: BSD-3-Clause
// tally region API for C++: an RAII guard over the C functions of tally.h, and the queries with
// their structures' size filled in.
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

/// The region's measures so far on this process (tally_region_measures): TALLY_OK or why not.
inline int measures(tally_region_t region, tally_measures& out) {
  out = tally_measures{};
  out.size = sizeof out;
  return tally_region_measures(region, &out);
}

/// The region's POP metrics so far across the ranks of a communicator (tally_region_metrics;
/// `fortran_comm` is MPI_Comm_c2f(comm)). Collective.
inline int metrics(tally_region_t region, int fortran_comm, tally_metrics& out, int scope = TALLY_ALL_RANKS) {
  out = tally_metrics{};
  out.size = sizeof out;
  return tally_region_metrics(region, fortran_comm, scope, &out);
}

} // namespace tally
