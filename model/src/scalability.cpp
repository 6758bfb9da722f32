// SPDX-License-Identifier: BSD-3-Clause
// Scalability metrics relative to a reference run. Strong scaling compares totals (the same
// problem is split further); weak scaling compares averages per CPU (each CPU keeps its share).
#include "tally/model/scalability.hpp"

#include "ratio.hpp"

namespace tally::model {
namespace {

using detail::ratio;
using enum MetricId;

/// A total as compared under the given scaling: itself (strong) or its average per CPU (weak).
double per_scaling(double total, const RegionRaw& raw, Scaling scaling) {
  return scaling == Scaling::strong ? total : total / cpus(raw);
}

} // namespace

std::string_view to_string(Scaling scaling) { return scaling == Scaling::strong ? "strong" : "weak"; }

std::optional<Scaling> scaling_from_string(std::string_view text) {
  if (text == "strong") return Scaling::strong;
  if (text == "weak") return Scaling::weak;
  return std::nullopt;
}

double cpus(const RegionRaw& raw) {
  return static_cast<double>(raw.processes) * static_cast<double>(raw.threads_per_process);
}

MetricValues compute_scalability(const RegionRaw& reference, const RegionRaw& run, const MetricValues& run_metrics,
                                 Scaling scaling) {
  MetricValues out = run_metrics;
  if (cpus(reference) <= 0.0 || cpus(run) <= 0.0) return out;

  const auto useful_ref = per_scaling(static_cast<double>(reference.useful_ns), reference, scaling);
  const auto useful_run = per_scaling(static_cast<double>(run.useful_ns), run, scaling);
  out.set_if(computation_scalability, ratio(useful_ref, useful_run));

  if (reference.counters && run.counters) {
    const double instr_ref = static_cast<double>(reference.counters->useful_instructions);
    const double instr_run = static_cast<double>(run.counters->useful_instructions);
    const double cycles_ref = static_cast<double>(reference.counters->useful_cycles);
    const double cycles_run = static_cast<double>(run.counters->useful_cycles);
    const auto instructions = ratio(per_scaling(instr_ref, reference, scaling), per_scaling(instr_run, run, scaling));
    const auto ipc_ref = ratio(instr_ref, cycles_ref);
    const auto ipc_run = ratio(instr_run, cycles_run);
    const auto frequency_ref = ratio(cycles_ref, static_cast<double>(reference.useful_ns));
    const auto frequency_run = ratio(cycles_run, static_cast<double>(run.useful_ns));
    // All three factors or none: together they multiply to the computation scalability.
    if (instructions && ipc_ref && ipc_run && *ipc_ref > 0.0 && frequency_ref && frequency_run &&
        *frequency_ref > 0.0) {
      out.set(instruction_scaling, *instructions);
      out.set(ipc_scaling, *ipc_run / *ipc_ref);
      out.set(frequency_scaling, *frequency_run / *frequency_ref);
    }
  }

  const auto parallel = run_metrics.get(parallel_efficiency);
  const auto computation = out.get(computation_scalability);
  if (parallel && computation) out.set(global_efficiency, *parallel * *computation);

  // Weak scaling reports the scaled speedup: the work grows with the CPUs.
  const auto time_ratio = ratio(static_cast<double>(reference.elapsed_ns), static_cast<double>(run.elapsed_ns));
  if (time_ratio) {
    out.set(speedup, scaling == Scaling::strong ? *time_ratio : *time_ratio * cpus(run) / cpus(reference));
  }
  return out;
}

} // namespace tally::model
