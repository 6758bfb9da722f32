// SPDX-License-Identifier: BSD-3-Clause
// The fixed palettes of the site and the WCAG contrast computation that picks readable text.
#include "pages/color_scale.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace tally::pages {
namespace {

// Efficiency scale: ColorBrewer "RdYlBu", 10 classes (Cynthia Brewer, colorbrewer2.org), which
// ColorBrewer lists as colour-blind safe. Red for low efficiency to blue for high keeps the
// red-is-bad reading of the POP tables people know, without their red-green contrast.
constexpr std::array<std::string_view, 10> efficiency_steps = {
    "#a50026", "#d73027", "#f46d43", "#fdae61", "#fee090", "#e0f3f8", "#abd9e9", "#74add1", "#4575b4", "#313695",
};
constexpr std::string_view missing_background = "#e0e0e0";

// Series palette: Okabe & Ito, "Color Universal Design" (2008), eight colours told apart under
// every common colour-vision deficiency. Reordered so the colours that read worst on a white
// chart (yellow, sky blue) come last and are only used by charts with many configurations.
constexpr std::array<std::string_view, series_palette_size> series_colours = {
    "#0072b2", // blue
    "#d55e00", // vermillion
    "#009e73", // bluish green
    "#cc79a7", // reddish purple
    "#e69f00", // orange
    "#000000", // black
    "#56b4e9", // sky blue
    "#f0e442", // yellow
};
constexpr std::array<MarkerShape, 4> marker_cycle = {MarkerShape::circle, MarkerShape::square, MarkerShape::triangle,
                                                     MarkerShape::diamond};
constexpr std::array<std::string_view, 4> dash_cycle = {"", "6 3", "2 3", "8 3 2 3"};
static_assert(series_style_count == series_palette_size * marker_cycle.size());

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 0;
}

/// WCAG 2 relative luminance of a "#rrggbb" colour (sRGB linearised, Rec. 709 weights).
double relative_luminance(std::string_view colour) {
  if (colour.size() != 7 || colour[0] != '#') return 0.0;
  const auto channel = [&](std::size_t at) {
    const double c = (hex_digit(colour[at]) * 16 + hex_digit(colour[at + 1])) / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/// Black or white, whichever contrasts more; one of the two always reaches 4.58 (√21).
CellColour with_readable_text(std::string_view background) {
  const bool white = contrast_ratio(background, "#ffffff") > contrast_ratio(background, "#000000");
  return {std::string(background), white ? "#ffffff" : "#000000"};
}

/// The step of the scale: [0, 0.1), [0.1, 0.2), ... [0.9, 1] of the value as the tables print it
/// (two decimals), so a cell reading "0.30" is never coloured like 0.2x; NaN has no step.
std::optional<std::size_t> efficiency_step(double value) {
  if (std::isnan(value)) return std::nullopt;
  const double clamped = std::clamp(value, 0.0, 1.0);
  const auto step = static_cast<std::size_t>(std::lround(clamped * 100.0) / 10);
  return std::min(step, efficiency_steps.size() - 1);
}

} // namespace

double contrast_ratio(std::string_view colour_a, std::string_view colour_b) {
  const double a = relative_luminance(colour_a);
  const double b = relative_luminance(colour_b);
  return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

CellColour efficiency_colour(double value) {
  const auto step = efficiency_step(value);
  return with_readable_text(step ? efficiency_steps[*step] : missing_background);
}

std::string efficiency_class(double value) {
  const auto step = efficiency_step(value);
  return step ? "e" + std::to_string(*step) : std::string("en");
}

std::string efficiency_stylesheet() {
  std::string css = "/* Efficiency cells, written by tally from its colour scale (pages/color_scale.cpp). */\n";
  const auto rule = [&css](const std::string& name, std::string_view background) {
    const CellColour colour = with_readable_text(background);
    // A cell names its class, or takes its row's when it names none (shared_cell_class()).
    css += "td." + name + ", tr." + name + " > td:not([class]) { background: " + colour.background +
           "; color: " + colour.text + "; }\n";
  };
  for (std::size_t step = 0; step < efficiency_steps.size(); ++step)
    rule("e" + std::to_string(step), efficiency_steps[step]);
  rule("en", missing_background);
  return css;
}

std::vector<std::pair<double, CellColour>> efficiency_legend() {
  std::vector<std::pair<double, CellColour>> legend;
  for (std::size_t step = 0; step < efficiency_steps.size(); ++step) {
    legend.emplace_back(static_cast<double>(step) / 10.0, with_readable_text(efficiency_steps[step]));
  }
  return legend;
}

SeriesStyle series_style(std::size_t colour_index) {
  const std::size_t cycle = colour_index / series_palette_size;
  return {series_colours[colour_index % series_palette_size], marker_cycle[cycle % marker_cycle.size()],
          dash_cycle[cycle % dash_cycle.size()]};
}

std::string series_class(std::size_t colour_index) { return "s" + std::to_string(colour_index % series_style_count); }

std::string series_stylesheet() {
  std::string css = "/* Chart series, written by tally from its palette (pages/color_scale.cpp). */\n";
  for (std::size_t index = 0; index < series_style_count; ++index) {
    const SeriesStyle style = series_style(index);
    const std::string name = "." + series_class(index);
    css += name + " { stroke: " + std::string(style.colour) + "; fill: " + std::string(style.colour) + "; }\n";
    // The line and its sample in the legend; the lone medians and the legend's marker.
    const std::string lines = name + " .median-line, " + name + " .sample";
    const std::string marks = name + " .medians, " + name + " .marker";
    if (!style.dash.empty()) css += lines + " { stroke-dasharray: " + std::string(style.dash) + "; }\n";
    // Circles and squares are the round or square cap of a zero-length stroke; the other shapes are filled.
    if (style.marker == MarkerShape::square) css += marks + " { stroke-linecap: square; }\n";
    if (style.marker == MarkerShape::triangle || style.marker == MarkerShape::diamond) {
      css += marks + " { stroke: none; }\n";
    }
  }
  return css;
}

} // namespace tally::pages
