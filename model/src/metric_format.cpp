// SPDX-License-Identifier: BSD-3-Clause
// Display formatting of metric values.
#include "tally/model/metric_format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <system_error>

namespace tally::model {
namespace {

/// `value` with `decimals` digits after the point, then `unit`: printf's "%.*f" written by
/// std::to_chars, which reads no format and no locale (a site formats some hundred thousand values).
/// Where the text would not fit the 63 characters printf's was cut to (beyond 1e58 or so), printf's.
std::string fixed(double value, int decimals, std::string_view unit = "") {
  char buffer[64];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
  if (error != std::errc{} || static_cast<std::size_t>(end - buffer) + unit.size() >= sizeof buffer) {
    std::snprintf(buffer, sizeof buffer, "%.*f%.*s", decimals, value, static_cast<int>(unit.size()), unit.data());
    return buffer;
  }
  std::string out(buffer, end);
  out += unit;
  return out;
}

} // namespace

std::string format_duration_ns(double nanoseconds) {
  const double magnitude = std::fabs(nanoseconds);
  if (magnitude >= 1e9) return fixed(nanoseconds / 1e9, 2, " s");
  if (magnitude >= 1e6) return fixed(nanoseconds / 1e6, 2, " ms");
  if (magnitude >= 1e3) return fixed(nanoseconds / 1e3, 2, " µs");
  return fixed(nanoseconds, 0, " ns");
}

std::string format_metric(MetricId id, double value) {
  switch (metric_info(id).kind) {
  case MetricKind::time: return format_duration_ns(value);
  case MetricKind::count: return fixed(value, 0);
  case MetricKind::energy: return fixed(value, 2, " J");
  case MetricKind::efficiency:
  case MetricKind::ratio:
  case MetricKind::frequency: break;
  }
  return fixed(value, 2);
}

} // namespace tally::model
