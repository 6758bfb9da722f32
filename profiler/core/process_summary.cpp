// SPDX-License-Identifier: BSD-3-Clause
// Thread totals -> process totals. Threads are quiet when this runs (end of the run).
#include "core/process_summary.hpp"

#include "core/clock.hpp"
#include "core/device_aggregate.hpp"
#include "core/region_registry.hpp"
#include "core/thread_state.hpp"

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

} // namespace

ProcessSummary summarize_process(bool counters) {
  ProcessSummary out;
  out.names = region_names();
  out.regions.resize(out.names.size());
  out.counters = counters;
  const double ns_per_tick = nanoseconds_per_tick();
  for (ThreadState* thread : all_threads()) {
    for (std::size_t handle = 0; handle < out.names.size(); ++handle) {
      const RegionTotals totals = thread->regions().totals(static_cast<RegionHandle>(handle));
      if (totals.visits == 0) continue;
      ProcessRegion& region = out.regions[handle];
      region.visits += totals.visits;
      region.elapsed_ns = std::max(region.elapsed_ns, to_ns(totals.elapsed_ticks, ns_per_tick));
      region.useful_ns += state_ns(totals, State::useful, ns_per_tick);
      region.mpi_ns += state_ns(totals, State::mpi, ns_per_tick);
      region.offload_ns += state_ns(totals, State::offload, ns_per_tick);
      region.omp_load_imbalance_ns += state_ns(totals, State::omp_load_imbalance, ns_per_tick);
      region.omp_scheduling_ns += state_ns(totals, State::omp_scheduling, ns_per_tick);
      region.omp_serialization_ns += state_ns(totals, State::omp_serialization, ns_per_tick);
      region.useful_instructions += totals.useful_instructions;
      region.useful_cycles += totals.useful_cycles;
    }
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

} // namespace tally::profiler
