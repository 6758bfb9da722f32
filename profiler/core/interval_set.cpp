// SPDX-License-Identifier: BSD-3-Clause
// The union of intervals and its measures: merge on insert, clip to windows, subtract a mask.
#include "core/interval_set.hpp"

#include <algorithm>

namespace tally::profiler {
namespace {

// The first run that ends after `t`. Runs are ordered and disjoint, so their ends are too.
template <class Runs> auto first_ending_after(const Runs& runs, std::uint64_t t) {
  return std::upper_bound(runs.begin(), runs.end(), t,
                          [](std::uint64_t x, const Interval& run) { return x < run.end_ns; });
}

} // namespace

void IntervalSet::add(std::uint64_t begin_ns, std::uint64_t end_ns) {
  if (end_ns <= begin_ns) return;
  if (ordered_ && !runs_.empty() && begin_ns >= runs_.back().begin_ns) {
    // The usual case: at or after the last run's start, so extending or appending keeps order.
    Interval& last = runs_.back();
    if (begin_ns <= last.end_ns) {
      last.end_ns = std::max(last.end_ns, end_ns);
      return;
    }
  } else if (!runs_.empty()) {
    ordered_ = false;
  }
  runs_.push_back({begin_ns, end_ns});
}

void IntervalSet::normalize() const {
  if (ordered_) return;
  std::sort(runs_.begin(), runs_.end(), [](const Interval& a, const Interval& b) { return a.begin_ns < b.begin_ns; });
  std::size_t kept = 0;
  for (std::size_t i = 1; i < runs_.size(); ++i) {
    if (runs_[i].begin_ns <= runs_[kept].end_ns) {
      runs_[kept].end_ns = std::max(runs_[kept].end_ns, runs_[i].end_ns);
    } else {
      runs_[++kept] = runs_[i];
    }
  }
  runs_.resize(runs_.empty() ? 0 : kept + 1);
  ordered_ = true;
}

void IntervalSet::drop_before(std::uint64_t horizon_ns) {
  normalize();
  runs_.erase(runs_.cbegin(), first_ending_after(runs_, horizon_ns));
}

std::span<const Interval> IntervalSet::runs() const {
  normalize();
  return runs_;
}

std::uint64_t IntervalSet::length_in(std::uint64_t begin_ns, std::uint64_t end_ns) const {
  std::uint64_t total = 0;
  const auto all = runs();
  for (auto run = first_ending_after(all, begin_ns); run != all.end() && run->begin_ns < end_ns; ++run) {
    total += std::min(run->end_ns, end_ns) - std::max(run->begin_ns, begin_ns);
  }
  return total;
}

std::uint64_t IntervalSet::length_in_outside(const IntervalSet& mask, std::uint64_t begin_ns,
                                             std::uint64_t end_ns) const {
  if (end_ns <= begin_ns) return 0;
  // |A ∩ W| - |A ∩ M ∩ W|, the intersection walked with two cursors over both ordered sets.
  const auto mine = runs();
  const auto theirs = mask.runs();
  std::uint64_t overlap = 0;
  auto a = first_ending_after(mine, begin_ns);
  auto m = first_ending_after(theirs, begin_ns);
  while (a != mine.end() && m != theirs.end() && a->begin_ns < end_ns && m->begin_ns < end_ns) {
    const std::uint64_t from = std::max({a->begin_ns, m->begin_ns, begin_ns});
    const std::uint64_t to = std::min({a->end_ns, m->end_ns, end_ns});
    if (to > from) overlap += to - from;
    if (a->end_ns < m->end_ns) {
      ++a;
    } else {
      ++m;
    }
  }
  return length_in(begin_ns, end_ns) - overlap;
}

} // namespace tally::profiler
