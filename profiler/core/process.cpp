// The run of the process: its start (Global opens), its end (Global and stray regions close),
// and the document of a run made of this process alone.
#include "core/process.hpp"

#include "core/clock.hpp"
#include "core/host_probe.hpp"
#include "core/run_observer.hpp"
#include "core/run_output.hpp"
#include "core/thread_state.hpp"
#include "core/thread_team.hpp"
#include "core/warnings.hpp"

#include <algorithm>

namespace tally::profiler {

void write_single_process_run() {
  const ProcessSummary summary = finish_run();
  RunAggregates aggregates;
  aggregates.resources = model::Resources{1, 1, 1, 0, {host_name()}};
  for (std::size_t i = 0; i < summary.names.size(); ++i) {
    const ProcessRegion& region = summary.regions[i];
    if (region.visits == 0) continue;
    aggregates.regions.push_back({summary.names[i], region.visits, single_process_raw(region, summary), {}, {}});
    aggregates.resources.threads_per_rank = std::max(aggregates.resources.threads_per_rank, region.threads);
  }
  publish_run(std::move(aggregates));
}

Process& process() {
  static auto* instance = new Process(); // never destroyed: used until the very end of exit
  return *instance;
}

void start_run() {
  Process& p = process();
  p.start_time = utc_now_iso8601();
  ThreadState& thread = this_thread();
  const Totals now = region_snapshot(thread);
  p.start_ticks = now.now;
  thread.regions().start(p.global, now);
  p.phase = Phase::measuring;
  notify_region_start(p.global);
}

ProcessSummary finish_run() {
  Process& p = process();
  ThreadState& thread = this_thread();
  const Totals now = region_snapshot(thread);
  thread.regions().stop(p.global, now);
  notify_region_stop(p.global);
  if (const int still_open = thread.regions().stop_all(now); still_open > 0) {
    warn_once(Warning::region_open_at_end,
              std::to_string(still_open) + " region(s) still open at the end of the run; closed there");
  }
  p.phase = Phase::done;
  ProcessSummary summary = summarize_process(p.counters);
  notify_run_end(summary);
  return summary;
}

} // namespace tally::profiler
