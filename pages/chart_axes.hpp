// SPDX-License-Identifier: BSD-3-Clause
// The arithmetic behind the evolution charts' axes: medians of repetitions, "nice" value axes
// and how many commit labels fit. Pure functions, kept apart from the SVG so they test alone.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tally::pages {

/// Median of the finite values (the mean of the two middle ones for an even count); NaN when
/// there is no finite value.
double median_of(std::vector<double> values);

/// A value axis: the range it spans and the values that get a gridline and a label.
struct ValueAxis {
  double low = 0.0;
  double high = 1.0;
  std::vector<double> ticks; ///< ascending, first == low, last == high
};

/// The fixed axis of efficiencies: 0 to 1, a gridline every 0.2.
ValueAxis efficiency_axis();

/// An axis over [low, high] with about five ticks at a step of 1, 2 or 5 × 10^k, ends rounded
/// outwards to the step. With include_zero the axis reaches 0 (times and counts start there).
/// An empty or one-value range is widened so the axis always has a span.
ValueAxis nice_axis(double low, double high, bool include_zero);

/// Every how many commits a label is drawn so that at most max_labels appear (at least 1).
std::size_t commit_label_stride(std::size_t commit_count, std::size_t max_labels);

/// A coordinate for SVG: one decimal, locale independent, never "-0.0".
std::string svg_number(double value);

/// A data point's coordinate for SVG, in whole units: a chart's 800 units are drawn about as many
/// pixels wide, so a decimal would not show, and charts of long histories hold thousands of points.
std::string svg_pixel(double value);

/// Number of characters (UTF-8 code points) of a text, to estimate its width when drawn.
std::size_t code_point_count(const std::string& text);

} // namespace tally::pages
