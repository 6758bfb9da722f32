// SPDX-License-Identifier: BSD-3-Clause
// The hang watchdog. Everything here runs on the helper thread and reads the main thread
// lock-free (ThreadState::peek, ThreadRegions::peek): the main thread may return from its call at
// any moment and goes on unharmed.
#include "core/hang_watchdog.hpp"

#include "core/clock.hpp"
#include "core/hang_rule.hpp"
#include "core/host_probe.hpp"
#include "core/process.hpp"
#include "core/process_summary.hpp"
#include "core/region_registry.hpp"
#include "core/run_output.hpp"
#include "core/thread_state.hpp"
#include "core/timeline.hpp"
#include "core/warnings.hpp"

#include <ctime>
#include <optional>
#include <sys/stat.h>

namespace tally::profiler {
namespace {

/// A hung document of a rank other than 0, held back until rank 0 had time to write its own.
struct HeldDocument {
  RunAggregates aggregates;
  std::string rank0_path;   ///< where rank 0's hung document would be
  std::uint64_t due_ns = 0; ///< when this rank writes its own (ticks_to_ns of the clock)
};

/// The helper thread's memory of the current episode; only it reads or writes this.
struct Episode {
  std::uint64_t named_since = 0; ///< segment start of the episode named last
  std::optional<HeldDocument> held;
  std::optional<HangRule> rule; ///< set at the first wake-up, which maps the job's end onto the clock
};

Episode& episode() {
  static auto* instance = new Episode(); // never destroyed: the helper may run during exit
  return *instance;
}

std::uint64_t ticks_to_ns(std::uint64_t ticks) {
  return static_cast<std::uint64_t>(static_cast<double>(ticks) * nanoseconds_per_tick());
}

std::uint64_t unix_now_ns() {
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000 + static_cast<std::uint64_t>(now.tv_nsec);
}

bool file_exists(const std::string& path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0;
}

/// Where the main thread waits, read twice around the regions so that a reading torn by the
/// thread's return from the call is dropped (the next wake-up looks again).
struct Wait {
  ThreadState::Segment segment;
  std::string call;
  std::vector<RegionHandle> regions; ///< open on the main thread, outermost first
};

std::optional<Wait> read_wait(ThreadState& main, std::uint64_t now) {
  Wait wait;
  const Totals totals = main.peek(now, &wait.segment);
  if (wait.segment.state != State::mpi && wait.segment.state != State::offload) return std::nullopt;
  const std::string_view* call = main.call_name();
  wait.call = wait.segment.state == State::offload ? "offload" : call ? std::string(*call) : "MPI";
  RegionsSoFar regions;
  if (!main.regions().peek(totals, regions)) return std::nullopt;
  wait.regions = std::move(regions.open);
  ThreadState::Segment again;
  main.peek(now, &again);
  if (again.since != wait.segment.since || again.state != wait.segment.state) return std::nullopt;
  return wait;
}

model::Hang describe(const Process& p, const Wait& wait, std::uint64_t now) {
  model::Hang hang;
  hang.rank = p.place.rank;
  hang.host = host_name();
  hang.call = wait.call;
  const std::vector<std::string> names = region_names();
  for (const RegionHandle region : wait.regions) {
    if (region != p.global && static_cast<std::size_t>(region) < names.size())
      hang.regions.push_back(names[static_cast<std::size_t>(region)]);
  }
  hang.waited_ns = ticks_to_ns(now - wait.segment.since);
  return hang;
}

/// What this process measured up to `now`, with the hang.
RunAggregates run_so_far(const Process& p, model::Hang hang, std::uint64_t now) {
  ProcessSummary summary = summarize_process_so_far(p.counters, p.global, now);
  summary.mpi_measured = p.place.mpi;
  RunAggregates aggregates = single_process_run(summary, run_resources(p.place.nodes, p.place.ranks, {hang.host}));
  aggregates.timeline = process_timeline(now); // this process's alone: a hung run has no reduction
  aggregates.hang = std::move(hang);
  return aggregates;
}

/// Writes the held document of a rank other than 0 once it is due, unless rank 0's appeared.
void settle_held(Episode& e, std::uint64_t now_ns) {
  if (!e.held) return;
  if (file_exists(e.held->rank0_path)) {
    e.held.reset();
  } else if (now_ns >= e.held->due_ns) {
    publish_run(std::move(e.held->aggregates));
    e.held.reset();
  }
}

} // namespace

std::string hang_line(const model::Hang& hang) {
  std::string line = "rank " + std::to_string(hang.rank) + " (" + hang.host +
                     ") hangs: " + std::to_string(hang.waited_ns / 1'000'000'000) + " s in " + hang.call;
  if (hang.regions.empty()) return line + " in no region";
  line += " in region " + hang.regions.back() + " (";
  for (std::size_t i = 0; i < hang.regions.size(); ++i)
    line += (i > 0 ? " > " : "") + hang.regions[i];
  return line + ")";
}

void watch_for_hang(std::uint64_t now) {
  const Process& p = process();
  if (!p.main_thread) return;
  Episode& e = episode();
  const std::uint64_t now_ns = ticks_to_ns(now);
  if (!e.rule) e.rule = hang_rule(p.options.hang_timeout, p.options.job_end_time_s, unix_now_ns(), now_ns);
  if (!watches(*e.rule)) return;
  ThreadState::Segment segment;
  p.main_thread->peek(now, &segment);
  const bool waiting = segment.state == State::mpi || segment.state == State::offload;
  if (!waiting || segment.since != e.named_since) e.held.reset(); // the wait named last ended
  settle_held(e, now_ns);
  if (!waiting || segment.since == e.named_since || !names_wait(*e.rule, ticks_to_ns(segment.since), now_ns)) return;
  const std::optional<Wait> wait = read_wait(*p.main_thread, now);
  if (!wait) return;
  e.named_since = wait->segment.since;
  model::Hang hang = describe(p, *wait, now);
  warn(hang_line(hang));
  RunAggregates aggregates = run_so_far(p, std::move(hang), now);
  if (p.place.rank == 0) {
    publish_run(std::move(aggregates));
    return;
  }
  const std::string rank0_path = run_document_path(aggregates.resources);
  e.held = HeldDocument{std::move(aggregates), rank0_path, held_until(*e.rule, now_ns)};
}

} // namespace tally::profiler
