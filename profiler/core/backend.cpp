// SPDX-License-Identifier: BSD-3-Clause
// The installed backends and their calls: the cold hooks walk the list, the region hooks walk
// only the bits of the backends that are active and implement them.
#include "core/backend.hpp"

#include "core/thread_state.hpp"

#include <algorithm>
#include <bit>

namespace tally::profiler {

std::atomic<std::uint32_t> detail::listening_region_start{0};
std::atomic<std::uint32_t> detail::listening_region_stop{0};
std::atomic<std::uint32_t> detail::listening_region_snapshot{0};

namespace {

// Written once at load, before any thread or region exists; read-only afterwards.
std::span<const Backend* const> installed;

const Backend& backend_at(std::uint32_t listening) { return *installed[std::countr_zero(listening)]; }

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
    listen(detail::listening_region_start, backend.on_region_start != nullptr, bit);
    listen(detail::listening_region_stop, backend.on_region_stop != nullptr, bit);
    listen(detail::listening_region_snapshot, backend.on_region_snapshot != nullptr, bit);
    return;
  }
}

void deactivate_backends() {
  detail::listening_region_start.store(0, std::memory_order_release);
  detail::listening_region_stop.store(0, std::memory_order_release);
  detail::listening_region_snapshot.store(0, std::memory_order_release);
}

// Lowest bit first: active backends are called in list order.
void detail::call_region_start(std::uint32_t listening, RegionHandle region) {
  for (; listening != 0; listening &= listening - 1)
    backend_at(listening).on_region_start(region);
}

void detail::call_region_stop(std::uint32_t listening, RegionHandle region) {
  for (; listening != 0; listening &= listening - 1)
    backend_at(listening).on_region_stop(region);
}

void detail::call_region_snapshot(std::uint32_t listening, Totals& totals) {
  for (; listening != 0; listening &= listening - 1)
    backend_at(listening).on_region_snapshot(totals);
}

Totals region_snapshot(ThreadState& thread) noexcept {
  Totals totals = thread.snapshot();
  notify_region_snapshot(totals);
  return totals;
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
