// SPDX-License-Identifier: BSD-3-Clause
// The POP metrics of one region of one run, computed from its raw aggregates. Pure functions:
// no I/O, no state. Every parent metric is the product of its children here.
#pragma once

#include "tally/model/metric_values.hpp"
#include "tally/model/region_raw.hpp"

namespace tally::model {

/// Host efficiencies (MPI, OpenMP, device offload), device efficiencies and the useful
/// computation metrics (IPC, frequency, instructions, elapsed time) of one region.
MetricValues compute_run_metrics(const RegionRaw& raw);

} // namespace tally::model
