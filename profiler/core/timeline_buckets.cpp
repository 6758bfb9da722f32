// SPDX-License-Identifier: BSD-3-Clause
// Proportional splitting and pairwise merging of the timeline's buckets; sums stay exact.
#include "core/timeline_buckets.hpp"

#include <algorithm>
#include <cmath>

namespace tally::profiler {

void TimelineBuckets::add(std::uint64_t from_ns, std::uint64_t to_ns, const GroupAmounts& amounts) noexcept {
  // The bucket holding the instant just before `to_ns`: an interval ending on a boundary does not
  // open the next bucket.
  const auto last_bucket = [&] { return to_ns == 0 ? 0 : (to_ns - 1) / width_ns_; };
  while (last_bucket() >= timeline_max_buckets)
    merge_neighbours();
  const std::size_t last = last_bucket();
  used_ = std::max(used_, last + 1);
  from_ns = std::min(from_ns, to_ns);
  const std::uint64_t span = to_ns - from_ns;
  GroupAmounts left = amounts;
  for (std::size_t bucket = span == 0 ? last : from_ns / width_ns_; bucket < last; ++bucket) {
    const std::uint64_t begin = std::max(from_ns, bucket * width_ns_);
    const std::uint64_t end = std::min(to_ns, (bucket + 1) * width_ns_);
    const double share = static_cast<double>(end - begin) / static_cast<double>(span);
    for (std::size_t group = 0; group < timeline_group_count; ++group) {
      // Rounded down and capped by what is left, so the last bucket's remainder is never negative.
      const auto piece = static_cast<std::uint64_t>(std::floor(static_cast<double>(amounts[group]) * share));
      const std::uint64_t taken = std::min(piece, left[group]);
      buckets_[bucket][group] += taken;
      left[group] -= taken;
    }
  }
  for (std::size_t group = 0; group < timeline_group_count; ++group)
    buckets_[last][group] += left[group];
}

void TimelineBuckets::take_back(const GroupAmounts& amounts) noexcept {
  for (std::size_t group = 0; group < timeline_group_count; ++group) {
    std::uint64_t left = amounts[group];
    for (std::size_t bucket = used_; bucket-- > 0 && left > 0;) {
      const std::uint64_t taken = std::min(left, buckets_[bucket][group]);
      buckets_[bucket][group] -= taken;
      left -= taken;
    }
  }
}

void TimelineBuckets::coarsen_to(std::uint64_t width_ns) noexcept {
  while (width_ns_ < width_ns)
    merge_neighbours();
}

TimelineBuckets TimelineBuckets::in_nanoseconds(double ns_per_tick) const noexcept {
  TimelineBuckets out;
  out.width_ns_ = width_ns_;
  out.used_ = used_;
  for (std::size_t group = 0; group < timeline_group_count; ++group) {
    std::uint64_t ticks_so_far = 0;
    std::uint64_t ns_so_far = 0;
    for (std::size_t bucket = 0; bucket < used_; ++bucket) {
      ticks_so_far += buckets_[bucket][group];
      const auto ns = static_cast<std::uint64_t>(std::llround(static_cast<double>(ticks_so_far) * ns_per_tick));
      out.buckets_[bucket][group] = ns - ns_so_far; // llround of a growing sum never decreases
      ns_so_far = ns;
    }
  }
  return out;
}

TimelineSlots TimelineBuckets::slots() const noexcept {
  TimelineSlots out{};
  for (std::size_t bucket = 0; bucket < timeline_max_buckets; ++bucket)
    std::copy(buckets_[bucket].begin(), buckets_[bucket].end(),
              out.begin() + static_cast<std::ptrdiff_t>(bucket * timeline_group_count));
  return out;
}

TimelineBuckets TimelineBuckets::from_slots(std::uint64_t width_ns, std::size_t size,
                                            const TimelineSlots& slots) noexcept {
  TimelineBuckets out;
  out.width_ns_ = width_ns;
  out.used_ = std::min(size, timeline_max_buckets);
  for (std::size_t bucket = 0; bucket < timeline_max_buckets; ++bucket) {
    const auto first = slots.begin() + static_cast<std::ptrdiff_t>(bucket * timeline_group_count);
    std::copy(first, first + timeline_group_count, out.buckets_[bucket].begin());
  }
  return out;
}

void TimelineBuckets::merge_neighbours() noexcept {
  for (std::size_t bucket = 0; bucket < timeline_max_buckets / 2; ++bucket) {
    for (std::size_t group = 0; group < timeline_group_count; ++group)
      buckets_[bucket][group] = buckets_[2 * bucket][group] + buckets_[2 * bucket + 1][group];
  }
  std::fill(buckets_.begin() + timeline_max_buckets / 2, buckets_.end(), GroupAmounts{});
  used_ = (used_ + 1) / 2;
  width_ns_ *= 2;
}

} // namespace tally::profiler
