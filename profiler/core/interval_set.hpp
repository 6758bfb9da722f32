// SPDX-License-Identifier: BSD-3-Clause
// Sets of time intervals kept as ordered, disjoint, non-touching runs: the union of a device's
// kernels (or memory operations) across streams, and the measures the device metrics need.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tally::profiler {

/// [begin_ns, end_ns): nanoseconds of the host clock.
struct Interval {
  std::uint64_t begin_ns = 0;
  std::uint64_t end_ns = 0;
  bool operator==(const Interval&) const = default;
};

/// A union of intervals. Adding is amortised O(1) when intervals arrive roughly in order (as
/// CUPTI delivers them); an out-of-order one costs a sort at the next query. Not thread-safe.
class IntervalSet {
public:
  /// Adds [begin, end); an empty or reversed interval is ignored.
  void add(std::uint64_t begin_ns, std::uint64_t end_ns);
  /// Forgets everything that ends at or before `horizon_ns`. An interval that straddles the
  /// horizon is kept whole: a later window may still need its part after the horizon.
  void drop_before(std::uint64_t horizon_ns);
  /// Length of the union inside [begin, end).
  std::uint64_t length_in(std::uint64_t begin_ns, std::uint64_t end_ns) const;
  /// Length of the union inside [begin, end) that `mask` does not cover.
  std::uint64_t length_in_outside(const IntervalSet& mask, std::uint64_t begin_ns, std::uint64_t end_ns) const;
  /// The runs, ordered and disjoint.
  std::span<const Interval> runs() const;
  bool empty() const { return runs_.empty(); }

private:
  void normalize() const;
  // mutable: queries normalise lazily; the set's value never changes by it.
  mutable std::vector<Interval> runs_;
  mutable bool ordered_ = true;
};

} // namespace tally::profiler
