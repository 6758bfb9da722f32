// SPDX-License-Identifier: BSD-3-Clause
// The site's colours: the efficiency scale of the scaling tables and the styles that tell the
// configurations of an evolution chart apart. Both are colour-blind safe and fixed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tally::pages {

/// Colours of one table cell, as "#rrggbb".
struct CellColour {
  std::string background;
  std::string text;
};

/// The cell colour of an efficiency on a fixed scale of ten steps of 0.1 over [0, 1]; values
/// outside are clamped, NaN gets a neutral grey. The text colour keeps a WCAG contrast of at
/// least 4.5 against the background.
CellColour efficiency_colour(double value);

/// The class of an efficiency's table cell ("e0" to "e9" by step of the same scale, "en" for NaN):
/// a cell names its colour, the stylesheet says it once (efficiency_stylesheet()).
std::string efficiency_class(double value);

/// The CSS rules of the efficiency classes, from the same palette as efficiency_colour().
std::string efficiency_stylesheet();

/// The steps of the efficiency scale for a legend: (lower bound of the step, its colours).
std::vector<std::pair<double, CellColour>> efficiency_legend();

/// WCAG 2 contrast ratio of two "#rrggbb" colours, from 1 (same) to 21 (black on white).
double contrast_ratio(std::string_view colour_a, std::string_view colour_b);

/// Marker of a median point; the shape changes once the palette's colours are used up.
enum class MarkerShape { circle, square, triangle, diamond };

/// How one configuration is drawn in an evolution chart.
struct SeriesStyle {
  std::string_view colour; ///< "#rrggbb"
  MarkerShape marker;
  std::string_view dash; ///< SVG stroke-dasharray, empty for a solid line
};

/// Number of colours in the series palette; indexes beyond it repeat colours with another style.
inline constexpr std::size_t series_palette_size = 8;

/// The style of the configuration with this colour index: colour = index modulo the palette,
/// marker and dash from index / palette size, so 32 configurations look different.
SeriesStyle series_style(std::size_t colour_index);

/// How many configurations look different; the styles repeat after them.
inline constexpr std::size_t series_style_count = 32;

/// The class of a configuration's style in a chart ("s0" to "s31"): a chart names it once per
/// configuration, the stylesheet says the colour, marker and dash (series_stylesheet()).
std::string series_class(std::size_t colour_index);

/// The CSS rules of the series classes, from series_style().
std::string series_stylesheet();

} // namespace tally::pages
