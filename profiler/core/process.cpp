// SPDX-License-Identifier: BSD-3-Clause
// The life of the process: whether it is measured (at load), the start of its run (Global
// opens), the end (Global and stray regions close), and the document of a run made of this
// process alone (at exit).
#include "core/process.hpp"

#include "core/clock.hpp"
#include "core/helper_tasks.hpp"
#include "core/host_probe.hpp"
#include "core/region_registry.hpp"
#include "core/run_output.hpp"
#include "core/thread_state.hpp"
#include "core/timeline.hpp"
#include "core/warnings.hpp"

#include "tally/model/launchers.hpp"

#include <algorithm>
#include <cstdlib>
#include <pthread.h>
#include <unistd.h>

namespace tally::profiler {
namespace {

/// Set by a measured process so that the programs it executes are not measured as runs.
constexpr const char* measured_parent_variable = "TALLY_MEASURED_PARENT";

/// Programs that start other programs: LD_PRELOAD reaches them, but they are not the run.
bool is_launcher(const std::string& program, const Options& options) {
  return model::is_launcher(program) ||
         std::find(options.skip_programs.begin(), options.skip_programs.end(), program) != options.skip_programs.end();
}

void on_fork_child() {
  // The child of a fork shares the parent's measurements; only the parent reports them.
  process().phase = Phase::off;
}

} // namespace

void load_process(std::span<const Backend* const> backends) {
  if (std::getenv(measured_parent_variable)) return;
  Process& p = process();
  std::vector<std::string> problems;
  p.options = read_options(problems);
  if (is_launcher(program_name(), p.options)) return;
  // The load phase says the same on every rank of an MPI program; a backend that starts the run
  // later decides who prints (rank 0).
  hold_warnings();
  said_warnings_in(p.options.said_warnings);
  for (const std::string& problem : problems)
    warn_once(Warning::configuration, problem);
  if (const std::string warning = init_clock(p.options.clock); !warning.empty()) warn_once(Warning::clock, warning);
  setenv(measured_parent_variable, std::to_string(getpid()).c_str(), 1);
  pthread_atfork(nullptr, nullptr, on_fork_child);
  p.global = register_region("Global");
  install_backends(backends);
  notify_load();
  if (p.phase == Phase::off) {
    release_warnings(true);
    start_run();
  }
}

void exit_process() {
  Process& p = process();
  if (p.phase == Phase::off || p.phase == Phase::done) return;
  // A run that a backend gives up (MPI without MPI_Finalize) still has its helper thread.
  stop_helper_thread();
  notify_exit();
  if (p.phase == Phase::measuring) write_single_process_run();
  p.phase = Phase::done;
}

void write_single_process_run() { publish_run(single_process_run(finish_run(), run_resources(1, 1, {host_name()}))); }

Process& process() {
  static auto* instance = new Process(); // never destroyed: used until the very end of exit
  return *instance;
}

void start_run() {
  Process& p = process();
  if (p.start_time.empty()) p.start_time = utc_now_iso8601();
  ThreadState& thread = this_thread();
  p.main_thread = &thread;
  start_region(thread, p.global);
  p.start_ticks = thread.totals().now;
  p.phase = Phase::measuring;
  start_timeline(p.start_ticks);
  start_helper_thread(helper_tasks());
}

ProcessSummary finish_run() {
  stop_helper_thread();
  Process& p = process();
  ThreadState& thread = this_thread();
  if (const int still_open = stop_run_regions(thread, p.global); still_open > 0) {
    warn_once(Warning::region_open_at_end,
              std::to_string(still_open) + " region(s) still open at the end of the run; closed there");
  }
  p.phase = Phase::done;
  // Regions after the run are no backend's.
  deactivate_backends();
  ProcessSummary summary = summarize_process(p.counters, p.global);
  summary.timeline = process_buckets(thread.totals().now);
  notify_run_end(summary);
  return summary;
}

} // namespace tally::profiler
