// SPDX-License-Identifier: BSD-3-Clause
// The useful computation ratio (UCR) of the time–energy model of hybrid MPI+OpenMP programs: the
// share of the CPUs' time spent computing at full speed, which is what energy buys results with.
// The mapping from the document's times and counters is in analysis/energy/README.md.
#pragma once

#include "tally/model/metric_values.hpp"

#include <optional>

namespace tally::analysis::energy {

/// UCR = parallel efficiency × min(1, IPC scaling) = Σ useful / (CPUs · T), less the useful time
/// the IPC lost against the reference configuration (memory contention). Time in MPI, OpenMP
/// waiting states and the device runtime (communication, network contention, idling) is already
/// outside Σ useful. None without a parallel efficiency or an IPC scaling (no hardware counters in
/// the run or in the reference, no reference).
std::optional<double> useful_computation_ratio(const model::MetricValues& values);

} // namespace tally::analysis::energy
