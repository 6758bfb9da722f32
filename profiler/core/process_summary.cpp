// SPDX-License-Identifier: BSD-3-Clause
// Thread totals -> process totals: at the end of the run, when threads are quiet, or so far,
// read lock-free from the helper thread while they run.
#include "core/process_summary.hpp"

#include "core/clock.hpp"
#include "core/device_aggregate.hpp"
#include "core/region_registry.hpp"
#include "core/thread_state.hpp"
#include "core/timeline.hpp"
#include "tally/model/region_tree.hpp"

#include <algorithm>
#include <cmath>

namespace tally::profiler {
namespace {

std::uint64_t to_ns(std::uint64_t ticks, double ns_per_tick) {
  return static_cast<std::uint64_t>(std::llround(static_cast<double>(ticks) * ns_per_tick));
}

std::uint64_t state_ns(const RegionTotals& totals, State state, double ns_per_tick) {
  return to_ns(totals.ticks[static_cast<std::size_t>(state)], ns_per_tick);
}

/// Adds one thread's totals of region `handle` to the process's, with the parents it started under.
void add_thread_region(ProcessSummary& out, std::size_t handle, const RegionTotals& totals, RegionHandle global,
                       double ns_per_tick) {
  if (totals.visits == 0) return;
  ProcessRegion& region = out.regions[handle];
  add_thread_totals(region, totals, ns_per_tick);
  for (const ParentTicks& parent : totals.parents) {
    const RegionHandle named = parent.parent < 0 ? global : parent.parent;
    if (named < 0 || static_cast<std::size_t>(named) == handle) continue; // Global itself
    region.parent_ns[static_cast<std::size_t>(named)] += to_ns(parent.elapsed_ticks, ns_per_tick);
  }
}

ProcessSummary empty_summary(bool counters) {
  ProcessSummary out;
  out.names = region_names();
  out.regions.resize(out.names.size());
  out.counters = counters;
  return out;
}

} // namespace

void add_thread_totals(model::ProcessRecord& record, const RegionTotals& totals, double ns_per_tick) {
  record.visits += totals.visits;
  record.elapsed_ns = std::max(record.elapsed_ns, to_ns(totals.elapsed_ticks, ns_per_tick));
  record.useful_ns += state_ns(totals, State::useful, ns_per_tick);
  record.mpi_ns += state_ns(totals, State::mpi, ns_per_tick);
  record.offload_ns += state_ns(totals, State::offload, ns_per_tick);
  record.omp_load_imbalance_ns += state_ns(totals, State::omp_load_imbalance, ns_per_tick);
  record.omp_scheduling_ns += state_ns(totals, State::omp_scheduling, ns_per_tick);
  record.omp_serialization_ns += state_ns(totals, State::omp_serialization, ns_per_tick);
  record.useful_instructions += totals.useful_instructions;
  record.useful_cycles += totals.useful_cycles;
  for (std::size_t slot = 0; slot < totals.counts.size(); ++slot)
    record.counts[slot] += totals.counts[slot];
}

ProcessSummary summarize_process(bool counters, RegionHandle global) {
  ProcessSummary out = empty_summary(counters);
  const double ns_per_tick = nanoseconds_per_tick();
  for (ThreadState* thread : all_threads()) {
    for (std::size_t handle = 0; handle < out.names.size(); ++handle)
      add_thread_region(out, handle, thread->regions().totals(static_cast<RegionHandle>(handle)), global, ns_per_tick);
  }
  return out;
}

ProcessSummary summarize_process_so_far(bool counters, RegionHandle global, std::uint64_t now) {
  // Names first: a region registered after them may appear in a thread's regions; it is left out.
  ProcessSummary out = empty_summary(counters);
  const double ns_per_tick = nanoseconds_per_tick();
  RegionsSoFar so_far;
  for (ThreadState* thread : all_threads()) {
    if (!thread->regions().peek(thread->peek(now), so_far)) continue;
    for (std::size_t handle = 0; handle < std::min(out.names.size(), so_far.regions.size()); ++handle)
      add_thread_region(out, handle, so_far.regions[handle], global, ns_per_tick);
  }
  return out;
}

model::RegionRaw single_process_raw(const ProcessRegion& region, const ProcessSummary& summary) {
  model::RegionFold fold;
  fold.add(region);
  model::RegionRaw raw = fold.finish(summary.measured());
  if (!region.devices.empty()) raw.device = single_process_devices(region.devices, region.elapsed_ns);
  return raw;
}

std::vector<model::Region> single_process_regions(const ProcessSummary& summary) {
  std::vector<model::Region> out;
  for (std::size_t i = 0; i < summary.names.size(); ++i) {
    const ProcessRegion& region = summary.regions[i];
    if (region.visits == 0) continue;
    std::vector<model::ParentTime> times;
    for (const auto& [parent, elapsed_ns] : region.parent_ns)
      times.push_back({summary.names[parent], elapsed_ns});
    model::RegionParents parents = model::choose_parent(times);
    model::Region record{summary.names[i], region.visits, single_process_raw(region, summary), {}, {}};
    record.parent = std::move(parents.parent);
    record.other_parents = std::move(parents.others);
    record.energy = region.energy;
    out.push_back(std::move(record));
  }
  return out;
}

RunAggregates single_process_run(const ProcessSummary& summary, model::Resources resources) {
  RunAggregates aggregates;
  aggregates.resources = std::move(resources);
  aggregates.regions = single_process_regions(summary);
  aggregates.timeline = to_model(summary.timeline);
  aggregates.energy = summary.energy;
  add_region_resources(aggregates.resources, aggregates.regions);
  return aggregates;
}

void add_region_resources(model::Resources& resources, const std::vector<model::Region>& regions) {
  for (const model::Region& region : regions)
    resources.threads_per_rank = std::max(resources.threads_per_rank, region.raw.threads_per_process);
  resources.gpus = std::max(resources.gpus, model::gpus_used(regions));
}

} // namespace tally::profiler
