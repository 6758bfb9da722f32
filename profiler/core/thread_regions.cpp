// SPDX-License-Identifier: BSD-3-Clause
// Per-thread region accounting by snapshot difference.
#include "core/thread_regions.hpp"

#include <algorithm>

namespace tally::profiler {

ThreadRegions::Slot& ThreadRegions::slot(RegionHandle region) {
  const auto index = static_cast<std::size_t>(region);
  if (index >= slots_.size()) slots_.resize(index + 1);
  return slots_[index];
}

void ThreadRegions::start(RegionHandle region, const Totals& now) {
  Slot& s = slot(region);
  if (s.depth++ > 0) return;
  s.at_start = now;
  s.parent = open_order_.empty() ? -1 : open_order_.back();
  open_order_.push_back(region);
}

namespace {
// Saturating: totals that include other threads' time, read without locks (the OpenMP backend's
// on_region_snapshot), may lag a start snapshot by a few ticks; a wrapped difference would be huge.
std::uint64_t since(std::uint64_t now, std::uint64_t start) { return now > start ? now - start : 0; }
} // namespace

void ThreadRegions::close(Slot& s, const Totals& now) {
  RegionTotals& sum = s.accumulated;
  sum.visits += 1;
  sum.elapsed_ticks += since(now.now, s.at_start.now);
  for (std::size_t i = 0; i < state_count; ++i)
    sum.ticks[i] += since(now.ticks[i], s.at_start.ticks[i]);
  sum.useful_instructions += since(now.useful_instructions, s.at_start.useful_instructions);
  sum.useful_cycles += since(now.useful_cycles, s.at_start.useful_cycles);
  for (std::size_t i = 0; i < sum.counts.size(); ++i)
    sum.counts[i] += since(now.counts[i], s.at_start.counts[i]);
  const std::uint64_t elapsed = since(now.now, s.at_start.now);
  const auto parent = std::find_if(sum.parents.begin(), sum.parents.end(),
                                   [&](const ParentTicks& entry) { return entry.parent == s.parent; });
  if (parent != sum.parents.end()) {
    parent->elapsed_ticks += elapsed;
  } else {
    sum.parents.push_back({s.parent, elapsed});
  }
}

StopResult ThreadRegions::stop(RegionHandle region, const Totals& now) {
  if (!is_open(region)) return StopResult::not_started;
  Slot& s = slot(region);
  if (--s.depth > 0) return StopResult::stopped;
  close(s, now);
  if (open_order_.back() == region) {
    open_order_.pop_back();
    return StopResult::stopped;
  }
  open_order_.erase(std::find(open_order_.begin(), open_order_.end(), region));
  return StopResult::not_innermost;
}

int ThreadRegions::stop_all(const Totals& now) {
  const int open = static_cast<int>(open_order_.size());
  for (const RegionHandle region : open_order_) {
    Slot& s = slot(region);
    s.depth = 0;
    close(s, now);
  }
  open_order_.clear();
  return open;
}

bool ThreadRegions::is_open(RegionHandle region) const {
  const auto index = static_cast<std::size_t>(region);
  return region >= 0 && index < slots_.size() && slots_[index].depth > 0;
}

RegionTotals ThreadRegions::totals(RegionHandle region) const {
  const auto index = static_cast<std::size_t>(region);
  if (region < 0 || index >= slots_.size()) return {};
  return slots_[index].accumulated;
}

} // namespace tally::profiler
