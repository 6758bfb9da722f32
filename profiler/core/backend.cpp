// SPDX-License-Identifier: BSD-3-Clause
// The installed backends and their calls: the cold hooks walk the list, the region hooks walk
// only the bits of the backends that are active and implement them.
#include "core/backend.hpp"

#include "core/thread_state.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>

namespace tally::profiler {

namespace {

// Per region hook, bit i is set while installed backend i is active and implements it: one
// acquire load per region call tells whether any backend listens.
std::atomic<std::uint32_t> listening_region_start{0};
std::atomic<std::uint32_t> listening_region_stop{0};
std::atomic<std::uint32_t> listening_region_snapshot{0};

// Written once at load, before any thread or region exists; read-only afterwards.
std::span<const Backend* const> installed;

// Lowest bit first: active backends are called in list order.
template <class Call> void for_each_backend_in(std::uint32_t listening, Call call) {
  for (; listening != 0; listening &= listening - 1)
    call(*installed[std::countr_zero(listening)]);
}

void listen(std::atomic<std::uint32_t>& listening, bool implemented, std::uint32_t bit) {
  if (implemented) listening.fetch_or(bit, std::memory_order_release);
}

} // namespace

void install_backends(std::span<const Backend* const> backends) {
  installed = backends.first(std::min(backends.size(), max_backends));
}

void activate_backend(const Backend& backend) {
  for (std::size_t i = 0; i < installed.size(); ++i) {
    if (installed[i] != &backend) continue;
    const std::uint32_t bit = std::uint32_t{1} << i;
    listen(listening_region_start, backend.on_region_start != nullptr, bit);
    listen(listening_region_stop, backend.on_region_stop != nullptr, bit);
    listen(listening_region_snapshot, backend.on_region_snapshot != nullptr, bit);
    return;
  }
}

void deactivate_backends() {
  listening_region_start.store(0, std::memory_order_release);
  listening_region_stop.store(0, std::memory_order_release);
  listening_region_snapshot.store(0, std::memory_order_release);
}

namespace {

/// Calls `call(totals)` with the thread's totals up to now plus what listening backends add. With
/// none listening they are the thread's own running totals, not copied, so a region start's counts
/// may wait for the thread's next count (ThreadRegions). Otherwise, a copy: the waiting start
/// counts are stored first, from the thread's own, and a new start's counts at once.
template <class Call> void with_region_totals(ThreadState& thread, Call call) {
  const Totals& own = thread.snapshot();
  const std::uint32_t listening = listening_region_snapshot.load(std::memory_order_acquire);
  if (listening == 0) {
    call(own);
    return;
  }
  Totals all = own;
  for_each_backend_in(listening, [&](const Backend& backend) { backend.on_region_snapshot(all); });
  thread.regions().save_start_counts(own.counts);
  call(all);
  thread.regions().save_start_counts(all.counts);
}

void tell_stop(RegionHandle region) {
  for_each_backend_in(listening_region_stop.load(std::memory_order_acquire),
                      [&](const Backend& backend) { backend.on_region_stop(region); });
}

} // namespace

void start_region(ThreadState& thread, RegionHandle region) {
  with_region_totals(thread, [&](const Totals& now) { thread.regions().start(region, now); });
  for_each_backend_in(listening_region_start.load(std::memory_order_acquire),
                      [&](const Backend& backend) { backend.on_region_start(region); });
}

StopResult stop_region(ThreadState& thread, RegionHandle region) {
  StopResult result = StopResult::not_started;
  with_region_totals(thread, [&](const Totals& now) { result = thread.regions().stop(region, now); });
  if (result != StopResult::not_started) tell_stop(region);
  return result;
}

int stop_run_regions(ThreadState& thread, RegionHandle global) {
  int still_open = 0;
  with_region_totals(thread, [&](const Totals& now) {
    thread.regions().stop(global, now);
    still_open = thread.regions().stop_all(now);
  });
  tell_stop(global);
  return still_open;
}

Totals region_totals_now(ThreadState& thread) {
  Totals now{};
  with_region_totals(thread, [&](const Totals& totals) { now = totals; });
  return now;
}

void notify_region_query(RegionSoFar& region) {
  for (const Backend* backend : installed) {
    if (backend->on_region_query) backend->on_region_query(region);
  }
}

QueryResult fold_across_ranks(const RegionSoFar& mine, int fortran_comm, RankScope scope, RanksSoFar& out) {
  for (const Backend* backend : installed) {
    if (backend->query_across_ranks) return backend->query_across_ranks(mine, fortran_comm, scope, out);
  }
  return QueryResult::failed;
}

void notify_load() {
  for (const Backend* backend : installed) {
    if (backend->on_load) backend->on_load();
  }
}

void notify_thread_start(ThreadState& thread) {
  for (const Backend* backend : installed) {
    if (backend->on_thread_start) backend->on_thread_start(thread);
  }
}

void notify_helper_wake(std::uint64_t now) {
  for (const Backend* backend : installed) {
    if (backend->on_helper_wake) backend->on_helper_wake(now);
  }
}

void notify_run_end(ProcessSummary& summary) {
  for (const Backend* backend : installed) {
    if (backend->on_run_end) backend->on_run_end(summary);
  }
}

void notify_exit() {
  for (const Backend* backend : installed) {
    if (backend->on_exit) backend->on_exit();
  }
}

} // namespace tally::profiler
