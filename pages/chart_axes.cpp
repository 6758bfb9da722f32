// SPDX-License-Identifier: BSD-3-Clause
// Medians, nice axes and label strides of the evolution charts.
#include "pages/chart_axes.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tally::pages {

double median_of(std::vector<double> values) {
  std::erase_if(values, [](double v) { return !std::isfinite(v); });
  if (values.empty()) return std::nan("");
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  if (values.size() % 2 == 1) return values[middle];
  return (values[middle - 1] + values[middle]) / 2.0;
}

ValueAxis efficiency_axis() { return {0.0, 1.0, {0.0, 0.2, 0.4, 0.6, 0.8, 1.0}}; }

ValueAxis nice_axis(double low, double high, bool include_zero) {
  if (!std::isfinite(low) || !std::isfinite(high) || low > high) low = high = 0.0;
  if (include_zero) {
    low = std::min(low, 0.0);
    high = std::max(high, 0.0);
  }
  if (high == low) {
    // One value (or none): give it room on both sides, but never below 0 when zero is the floor.
    const double pad = low == 0.0 ? 1.0 : std::fabs(low) * 0.1;
    high += pad;
    if (!(include_zero && low == 0.0)) low -= pad;
  }
  constexpr double target_intervals = 5.0;
  const double raw_step = (high - low) / target_intervals;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw_step)));
  const double residual = raw_step / magnitude;
  const double nice = residual <= 1.0 ? 1.0 : residual <= 2.0 ? 2.0 : residual <= 5.0 ? 5.0 : 10.0;
  const double step = nice * magnitude;
  // The tolerance keeps a value already on a tick (0.6 / 0.2 = 2.9999...) from adding a step.
  const double first = std::floor(low / step + 1e-9);
  const double last = std::ceil(high / step - 1e-9);
  ValueAxis axis{first * step, last * step, {}};
  for (double i = first; i <= last; i += 1.0) {
    const double tick = i * step; // multiplied, not accumulated, so ticks carry no drift
    axis.ticks.push_back(std::fabs(tick) < step * 1e-9 ? 0.0 : tick);
  }
  return axis;
}

std::size_t commit_label_stride(std::size_t commit_count, std::size_t max_labels) {
  max_labels = std::max<std::size_t>(max_labels, 1);
  return std::max<std::size_t>(1, (commit_count + max_labels - 1) / max_labels);
}

std::string svg_number(double value) {
  if (!std::isfinite(value)) value = 0.0;
  if (std::fabs(value) < 0.05) value = 0.0; // would print as "-0.0"
  char buffer[32];
  // to_chars, unlike printf, ignores the C locale's decimal comma.
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 1);
  return {buffer, result.ptr};
}

std::string svg_pixel(double value) {
  if (!std::isfinite(value)) value = 0.0;
  return std::to_string(std::lround(value));
}

std::size_t code_point_count(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

} // namespace tally::pages
