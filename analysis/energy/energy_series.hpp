// SPDX-License-Identifier: BSD-3-Clause
// The measured energy of one region along the commits, like the metric series: per configuration,
// each repetition's energy to solution at each commit where a run measured it.
#pragma once

#include "analysis/metric_series.hpp"

namespace tally::analysis::energy {

/// Joules of `region` along the commits, one series per configuration that has a measured run, from
/// measured records only (a model estimate is never charted along the commits: a line stays of one
/// source, and an estimate follows the times already charted).
std::vector<MetricSeries> measured_energy_series(const Experiment& experiment, const std::string& region);

} // namespace tally::analysis::energy
