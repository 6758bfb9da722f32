// SPDX-License-Identifier: BSD-3-Clause
// Sparklines: a value's recent course drawn as a small inline SVG line, no axes, for tables.
#pragma once

#include <span>
#include <string>

namespace tally::pages {

/// Drawing size of a sparkline, in SVG units (and CSS pixels at its natural size).
inline constexpr int sparkline_width = 120;
inline constexpr int sparkline_height = 24;

/// `values` (oldest first) as one <svg> with a line from the first to the last value, the last one
/// marked, scaled between the smallest and the largest value (a flat line through the middle when
/// they are equal); `title` (XML-escaped) is its accessible name and hover text. "" for no values.
std::string render_sparkline(std::span<const double> values, const std::string& title);

} // namespace tally::pages
