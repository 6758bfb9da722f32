// SPDX-License-Identifier: BSD-3-Clause
// Per-thread region accounting by snapshot difference, and its lock-free reading by another thread.
#include "core/thread_regions.hpp"

#include <algorithm>
#include <sched.h>

namespace tally::profiler {
namespace {

// The fields peek() reads from another thread: written and read as relaxed atomics (plain moves
// on x86), so that a concurrent read is a torn copy that the sequence count rejects, never a race.
void store(std::uint64_t& field, std::uint64_t value) {
  std::atomic_ref(field).store(value, std::memory_order_relaxed);
}
std::uint64_t load(const std::uint64_t& field) {
  return std::atomic_ref(const_cast<std::uint64_t&>(field)).load(std::memory_order_relaxed);
}
void store(int& field, int value) { std::atomic_ref(field).store(value, std::memory_order_relaxed); }
int load(const int& field) { return std::atomic_ref(const_cast<int&>(field)).load(std::memory_order_relaxed); }

/// Applies `copy(to_field, from_field)` to the times Totals and RegionTotals share: the ticks per
/// state and the useful counters.
template <class To, class From, class Copy> void copy_times(To& to, const From& from, Copy copy) {
  for (std::size_t i = 0; i < state_count; ++i)
    copy(to.ticks[i], from.ticks[i]);
  copy(to.useful_instructions, from.useful_instructions);
  copy(to.useful_cycles, from.useful_cycles);
}

template <class Copy> void copy_counts(model::Counts& to, const model::Counts& from, Copy copy) {
  for (std::size_t i = 0; i < to.size(); ++i)
    copy(to[i], from[i]);
}

/// copy_times and copy_counts: every measure Totals and RegionTotals share.
template <class To, class From, class Copy> void copy_measures(To& to, const From& from, Copy copy) {
  copy_times(to, from, copy);
  copy_counts(to.counts, from.counts, copy);
}

void store_field(std::uint64_t& to, const std::uint64_t& from) { store(to, from); }
void load_field(std::uint64_t& to, const std::uint64_t& from) { to = load(from); }

Totals load_totals(const Totals& from) {
  Totals to;
  to.now = load(from.now);
  copy_measures(to, from, load_field);
  return to;
}

// Saturating: totals that include other threads' time, read without locks (the OpenMP backend's
// on_region_snapshot), may lag a start snapshot by a few ticks; a wrapped difference would be huge.
std::uint64_t since(std::uint64_t now, std::uint64_t start) { return now > start ? now - start : 0; }

void add(std::uint64_t& field, std::uint64_t amount) { store(field, field + amount); }

/// Adds one visit from `start` to `now` to `sum`, its parents left alone; its counts too unless
/// none moved (`counts_moved` false: the start counts were never stored).
void add_visit(RegionTotals& sum, const Totals& start, const Totals& now, bool counts_moved) {
  add(sum.visits, 1);
  add(sum.elapsed_ticks, since(now.now, start.now));
  for (std::size_t i = 0; i < state_count; ++i)
    add(sum.ticks[i], since(now.ticks[i], start.ticks[i]));
  add(sum.useful_instructions, since(now.useful_instructions, start.useful_instructions));
  add(sum.useful_cycles, since(now.useful_cycles, start.useful_cycles));
  if (!counts_moved) return;
  for (std::size_t i = 0; i < sum.counts.size(); ++i)
    add(sum.counts[i], since(now.counts[i], start.counts[i]));
}

RegionTotals load_sums(const RegionTotals& from) {
  RegionTotals to;
  to.visits = load(from.visits);
  to.elapsed_ticks = load(from.elapsed_ticks);
  copy_measures(to, from, load_field);
  return to;
}

} // namespace

void ThreadRegions::begin_change() noexcept {
  changes_.store(changes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_release);
}

void ThreadRegions::end_change() noexcept {
  changes_.store(changes_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

void ThreadRegions::store_start_times(Slot& slot, const Totals& start) noexcept {
  store(slot.at_start.now, start.now);
  copy_times(slot.at_start, start, store_field);
}

void ThreadRegions::save_start_counts(const model::Counts& counts) noexcept {
  // Odd: a signal handler that counts (MPI_Abort in a handler) interrupted the owner changing its
  // regions. The open regions miss that count rather than read a list being changed.
  if (waiting_starts_ == 0 || (changes_.load(std::memory_order_relaxed) & 1u) != 0) return;
  begin_change();
  for (auto region = open_order_.end() - static_cast<std::ptrdiff_t>(waiting_starts_); region != open_order_.end();
       ++region) {
    Slot& s = slots_[static_cast<std::size_t>(*region)];
    copy_counts(s.at_start.counts, counts, store_field);
    store(s.counts_waiting, 0);
  }
  waiting_starts_ = 0;
  end_change();
}

void ThreadRegions::grow(std::size_t count) {
  if (count > slots_.capacity()) {
    std::vector<Slot> bigger;
    bigger.reserve(std::max(count, 2 * slots_.capacity()));
    bigger = slots_; // a copy: the retired array stays whole for a reader walking it
    retired_.push_back(std::move(slots_));
    slots_ = std::move(bigger);
  }
  slots_.resize(count);
  // The array first, then its length: a reader that sees the new length sees the new array.
  published_slots_.store(slots_.data(), std::memory_order_release);
  published_count_.store(slots_.size(), std::memory_order_release);
}

ThreadRegions::Slot& ThreadRegions::slot(RegionHandle region) {
  const auto index = static_cast<std::size_t>(region);
  if (index >= slots_.size()) grow(index + 1);
  return slots_[index];
}

void ThreadRegions::start(RegionHandle region, const Totals& now) {
  Slot& s = slot(region);
  if (s.depth > 0) {
    store(s.depth, s.depth + 1); // deeper recursion changes nothing else peek() reads
    return;
  }
  begin_change();
  store(s.depth, 1);
  store_start_times(s, now);
  store(s.counts_waiting, 1);
  store(s.parent, open_order_.empty() ? -1 : open_order_.back());
  open_order_.push_back(region);
  ++waiting_starts_;
  end_change();
}

void ThreadRegions::close(Slot& s, const Totals& now) {
  RegionTotals& sum = s.accumulated;
  add_visit(sum, s.at_start, now, s.counts_waiting == 0);
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
  if (s.depth > 1) {
    store(s.depth, s.depth - 1);
    return StopResult::stopped;
  }
  begin_change();
  store(s.depth, 0);
  close(s, now);
  if (s.counts_waiting != 0) --waiting_starts_; // the waiting ones stay the last ones
  StopResult result = StopResult::stopped;
  if (open_order_.back() == region) {
    open_order_.pop_back();
  } else {
    open_order_.erase(std::find(open_order_.begin(), open_order_.end(), region));
    result = StopResult::not_innermost;
  }
  end_change();
  return result;
}

int ThreadRegions::stop_all(const Totals& now) {
  const int open = static_cast<int>(open_order_.size());
  begin_change();
  for (const RegionHandle region : open_order_) {
    Slot& s = slot(region);
    store(s.depth, 0);
    close(s, now);
  }
  open_order_.clear();
  waiting_starts_ = 0;
  end_change();
  return open;
}

template <class Read> bool ThreadRegions::read_consistently(Read read) const {
  // Few attempts: the owner changes its regions for well under a microsecond at a time, and a
  // thread that keeps changing them is not the one a hang report or a query is about.
  for (int attempt = 0; attempt < 100; ++attempt) {
    if (attempt >= 10) sched_yield();
    const std::uint32_t before = changes_.load(std::memory_order_acquire);
    if ((before & 1u) != 0) continue;
    // The length first, then the array (grow() publishes them the other way round): an array
    // read after a length always holds at least that many slots.
    const std::size_t count = published_count_.load(std::memory_order_acquire);
    read(published_slots_.load(std::memory_order_acquire), count);
    std::atomic_thread_fence(std::memory_order_acquire);
    if (changes_.load(std::memory_order_relaxed) == before) return true;
  }
  return false;
}

bool ThreadRegions::read_slot(const Slot& s, const Totals& now, RegionTotals& sum, std::uint64_t& open_since) {
  sum = load_sums(s.accumulated);
  if (load(s.depth) == 0) return false;
  const Totals start = load_totals(s.at_start);
  add_visit(sum, start, now, load(s.counts_waiting) == 0);
  open_since = start.now;
  return true;
}

bool ThreadRegions::peek(const Totals& now, RegionsSoFar& out) const {
  std::vector<std::uint64_t> open_since;
  const bool read = read_consistently([&](const Slot* slots, std::size_t count) {
    out.regions.assign(count, RegionTotals{});
    out.open.clear();
    open_since.clear();
    for (std::size_t handle = 0; handle < count; ++handle) {
      RegionTotals& sum = out.regions[handle];
      std::uint64_t since = 0;
      if (read_slot(slots[handle], now, sum, since)) {
        out.open.push_back(static_cast<RegionHandle>(handle));
        open_since.push_back(since);
      }
      if (sum.visits > 0) sum.parents.push_back({load(slots[handle].parent), sum.elapsed_ticks});
    }
  });
  if (!read) return false;
  // Outermost first: a region opens after the regions around it (each start reads the clock
  // anew); equal ticks keep handle order.
  std::vector<std::size_t> order(out.open.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return open_since[a] < open_since[b]; });
  std::vector<RegionHandle> sorted;
  for (const std::size_t i : order)
    sorted.push_back(out.open[i]);
  out.open = std::move(sorted);
  return true;
}

bool ThreadRegions::peek_region(RegionHandle region, const Totals& now, RegionTotals& out) const {
  bool open = false;
  const bool read = read_consistently([&](const Slot* slots, std::size_t count) {
    out = RegionTotals{};
    std::uint64_t since = 0;
    open = region >= 0 && static_cast<std::size_t>(region) < count &&
           read_slot(slots[static_cast<std::size_t>(region)], now, out, since);
  });
  if (!read) out = RegionTotals{};
  return read && open;
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
