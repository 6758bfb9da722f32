// An optional observer of the run beyond the threads' own accounting: the CUDA backend opens
// and closes device windows with region starts and stops once CUDA is active, and adds the
// devices to the summary at the end. Until a backend sets it, a region start or stop pays one
// atomic load (a plain load on x86).
#pragma once

#include "core/process_summary.hpp"
#include "core/thread_regions.hpp"

#include <atomic>

namespace tally::profiler {

struct RunObserver {
  void (*on_region_start)(RegionHandle region);
  void (*on_region_stop)(RegionHandle region);
  /// After the run's last region closed and the threads' time was summed.
  void (*on_run_end)(ProcessSummary& summary);
};

namespace detail {
extern std::atomic<const RunObserver*> run_observer;
} // namespace detail

/// Installs the observer once; `observer` must outlive the process.
inline void set_run_observer(const RunObserver* observer) {
  detail::run_observer.store(observer, std::memory_order_release);
}

inline void notify_region_start(RegionHandle region) {
  if (const RunObserver* observer = detail::run_observer.load(std::memory_order_acquire))
    observer->on_region_start(region);
}

inline void notify_region_stop(RegionHandle region) {
  if (const RunObserver* observer = detail::run_observer.load(std::memory_order_acquire))
    observer->on_region_stop(region);
}

/// Hands the summary to the observer, which is then removed: regions after the run are not its.
inline void notify_run_end(ProcessSummary& summary) {
  if (const RunObserver* observer = detail::run_observer.exchange(nullptr, std::memory_order_acq_rel))
    observer->on_run_end(summary);
}

} // namespace tally::profiler
