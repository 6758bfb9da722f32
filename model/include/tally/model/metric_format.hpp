// SPDX-License-Identifier: BSD-3-Clause
// How a metric value is shown to people: two decimals for efficiencies and ratios, a unit for
// times, whole numbers for counts. Used by the text report, the site and the gate.
#pragma once

#include "tally/model/metric_tree.hpp"

#include <string>

namespace tally::model {

/// The value formatted for display, e.g. "0.81", "2.40", "1.23 s", "12345678", "12.50 J".
std::string format_metric(MetricId id, double value);

/// A duration in nanoseconds with a readable unit: "1.23 s", "4.50 ms", "12.00 µs", "800 ns".
std::string format_duration_ns(double nanoseconds);

} // namespace tally::model
