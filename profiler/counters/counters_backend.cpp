// Counters as a backend of the core: probe once at load, then every new thread opens its own.
#include "core/process.hpp"
#include "core/thread_state.hpp"
#include "core/warnings.hpp"
#include "counters/perf_counters.hpp"

namespace tally::profiler::counters {

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
  set_thread_counters(true);
}

} // namespace tally::profiler::counters
