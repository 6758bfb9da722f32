// SPDX-License-Identifier: BSD-3-Clause
// Metrics across the runs of a scaling study: each run of a region against the reference run
// (the one with the fewest resources) of the same region.
#pragma once

#include "tally/model/metric_values.hpp"
#include "tally/model/region_raw.hpp"

#include <optional>
#include <string_view>

namespace tally::model {

/// Strong scaling keeps the problem size fixed; weak scaling keeps the work per CPU fixed.
enum class Scaling { strong, weak };

std::string_view to_string(Scaling scaling);
std::optional<Scaling> scaling_from_string(std::string_view text);

/// Computation scalability with its instruction, IPC and frequency factors, global efficiency
/// and speedup of `run` relative to `reference`. `run_metrics` are the run's own metrics
/// (from compute_run_metrics); the result holds them plus the scalability metrics.
MetricValues compute_scalability(const RegionRaw& reference, const RegionRaw& run, const MetricValues& run_metrics,
                                 Scaling scaling);

/// CPUs used by a region: processes times threads per process.
double cpus(const RegionRaw& raw);

} // namespace tally::model
