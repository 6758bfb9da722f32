// SPDX-License-Identifier: BSD-3-Clause
// The time–energy Pareto front of a program's configurations: those that no other configuration
// beats on both time and energy. The site draws it and names its ends.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace tally::analysis::energy {

/// One configuration's time to solution and energy to solution (both of one source: measured or
/// model, never mixed in one front).
struct TimeEnergyPoint {
  std::string configuration;
  double seconds = 0;
  double joules = 0;
};

/// Indices into the points given. A point dominates another when it takes no more time and no
/// more energy and is better in at least one; the front is the points that none dominates.
/// Points equal in both time and energy dominate neither: all of them are on the front (a tie).
/// Points whose time or energy is not a finite non-negative number are left out.
struct ParetoFront {
  std::vector<std::size_t> members;   ///< by increasing time (so by decreasing energy), ties by index
  std::vector<std::size_t> dominated; ///< the other measurable points, by increasing time
  std::size_t fastest = 0;            ///< the member with the least time (first of a tie)
  std::size_t least_energy = 0;       ///< the member with the least energy (first of a tie)
  bool empty() const { return members.empty(); }
};

ParetoFront pareto_front(std::span<const TimeEnergyPoint> points);

} // namespace tally::analysis::energy
