// SPDX-License-Identifier: BSD-3-Clause
// Display formatting of metric values.
#include "tally/model/metric_format.hpp"

#include <cmath>
#include <cstdio>

namespace tally::model {
namespace {

std::string printf_string(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

} // namespace

std::string format_duration_ns(double nanoseconds) {
  const double magnitude = std::fabs(nanoseconds);
  if (magnitude >= 1e9) return printf_string("%.2f s", nanoseconds / 1e9);
  if (magnitude >= 1e6) return printf_string("%.2f ms", nanoseconds / 1e6);
  if (magnitude >= 1e3) return printf_string("%.2f µs", nanoseconds / 1e3);
  return printf_string("%.0f ns", nanoseconds);
}

std::string format_metric(MetricId id, double value) {
  switch (metric_info(id).kind) {
  case MetricKind::time: return format_duration_ns(value);
  case MetricKind::count: return printf_string("%.0f", value);
  case MetricKind::energy: return printf_string("%.2f J", value);
  case MetricKind::efficiency:
  case MetricKind::ratio:
  case MetricKind::frequency: break;
  }
  return printf_string("%.2f", value);
}

} // namespace tally::model
