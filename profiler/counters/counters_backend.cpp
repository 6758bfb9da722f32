// SPDX-License-Identifier: BSD-3-Clause
// Counters as a backend of the core: probe once at load, then every new thread opens its own
// and hands them to its state machine.
#include "core/backend.hpp"
#include "core/process.hpp"
#include "core/thread_state.hpp"
#include "core/warnings.hpp"
#include "counters/perf_counters.hpp"

#include <memory>

namespace tally::profiler::counters {
namespace {

// Set at load, before any thread state exists; read when threads start.
bool usable = false;

void on_load() {
  Process& p = process();
  if (!p.options.counters) return;
  const std::string reason = probe_counters();
  if (!reason.empty()) {
    warn_once(Warning::counters,
              "hardware counters unavailable (" + reason + "); IPC and frequency metrics will be absent");
    return;
  }
  p.counters = true;
  usable = true;
}

void on_thread_start(ThreadState& thread) {
  if (!usable) return;
  auto counters = std::make_unique<ThreadCounters>();
  if (std::string reason; !counters->open(reason)) {
    warn_once(Warning::thread_counters, "hardware counters could not be opened for a thread: " + reason);
    return;
  }
  thread.attach_counters(std::move(counters));
}

} // namespace

/// Listed in core/backend_list.cpp (extern: a const at namespace scope is otherwise this file's).
extern const Backend backend{.name = "counters", .on_load = on_load, .on_thread_start = on_thread_start};

} // namespace tally::profiler::counters
