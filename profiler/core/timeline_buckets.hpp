// SPDX-License-Identifier: BSD-3-Clause
// The fixed-memory store of a run's coarse timeline: at most 256 buckets, 100 ms wide at first;
// when a sample lies beyond the last bucket, neighbours merge pairwise and the width doubles, so
// a run of any length fits. No thread, no lock, no allocation: its owner serialises the calls.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace tally::profiler {

/// The state groups of the timeline, in the order of model::Timeline's arrays.
enum class TimelineGroup : std::size_t { useful, mpi, offload, openmp, count };
inline constexpr std::size_t timeline_group_count = static_cast<std::size_t>(TimelineGroup::count);

/// One amount per group (clock ticks while sampling, nanoseconds once converted).
using GroupAmounts = std::array<std::uint64_t, timeline_group_count>;

inline constexpr std::size_t timeline_max_buckets = 256;
inline constexpr std::uint64_t timeline_first_bucket_ns = 100'000'000;

/// Every amount of a store, bucket after bucket and group after group within a bucket: the
/// fixed-size form the MPI reduction sums.
using TimelineSlots = std::array<std::uint64_t, timeline_max_buckets * timeline_group_count>;

class TimelineBuckets {
public:
  /// Adds `amounts`, measured over [from_ns, to_ns) since the run's start, to the buckets that
  /// interval covers, split in proportion to the overlap (the last covered bucket takes the
  /// rounding remainder, so the buckets' sums grow by exactly `amounts`). An empty interval
  /// adds everything to the bucket of the instant just before `to_ns`. Widens the buckets first when `to_ns`
  /// lies beyond the last one.
  void add(std::uint64_t from_ns, std::uint64_t to_ns, const GroupAmounts& amounts) noexcept;

  /// Takes `amounts` back from the latest buckets (what a later sample knows was counted in the
  /// wrong group: an OpenMP wait that turned out to be MPI), never below zero in a bucket.
  void take_back(const GroupAmounts& amounts) noexcept;

  /// Merges neighbours pairwise until the width is at least `width_ns` (widths are 100 ms
  /// times a power of two, so every rank reaches the widest rank's width exactly).
  void coarsen_to(std::uint64_t width_ns) noexcept;

  /// The same buckets with each amount converted from ticks to nanoseconds, rounding the
  /// running sum rather than each bucket, so that each group's total is the rounded total.
  TimelineBuckets in_nanoseconds(double ns_per_tick) const noexcept;

  /// The amounts as slots, and back: `size` buckets of `width_ns` in use.
  TimelineSlots slots() const noexcept;
  static TimelineBuckets from_slots(std::uint64_t width_ns, std::size_t size, const TimelineSlots& slots) noexcept;

  std::uint64_t bucket_ns() const noexcept { return width_ns_; }
  /// Buckets up to the last one covered by a sample; the last may be partly filled.
  std::size_t size() const noexcept { return used_; }
  const GroupAmounts& operator[](std::size_t bucket) const noexcept { return buckets_[bucket]; }

private:
  void merge_neighbours() noexcept;

  std::uint64_t width_ns_ = timeline_first_bucket_ns;
  std::size_t used_ = 0;
  std::array<GroupAmounts, timeline_max_buckets> buckets_{};
};

} // namespace tally::profiler
