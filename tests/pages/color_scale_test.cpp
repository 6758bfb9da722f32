// SPDX-License-Identifier: BSD-3-Clause
// The colour scales: WCAG contrast of every efficiency step, clamping, and series styles that
// stay distinguishable.
#include "pages/color_scale.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <tuple>

namespace tally::pages {
namespace {

TEST(ColorScale, contrast_ratio_matches_wcag_reference_values) {
  EXPECT_NEAR(contrast_ratio("#000000", "#ffffff"), 21.0, 1e-9);
  EXPECT_NEAR(contrast_ratio("#ffffff", "#000000"), 21.0, 1e-9);
  EXPECT_NEAR(contrast_ratio("#3a7bd5", "#3A7BD5"), 1.0, 1e-9);
  EXPECT_NEAR(contrast_ratio("#777777", "#ffffff"), 4.48, 0.01); // the classic "just fails AA" grey
  EXPECT_NEAR(contrast_ratio("#767676", "#ffffff"), 4.54, 0.01); // and the one that passes
}

TEST(ColorScale, text_on_every_efficiency_step_has_contrast_of_at_least_4_5) {
  for (int hundredths = 0; hundredths <= 100; ++hundredths) {
    const CellColour colour = efficiency_colour(hundredths / 100.0);
    EXPECT_GE(contrast_ratio(colour.background, colour.text), 4.5) << hundredths / 100.0 << " " << colour.background;
  }
  for (const auto& [bound, colour] : efficiency_legend()) {
    EXPECT_GE(contrast_ratio(colour.background, colour.text), 4.5) << bound;
  }
  const CellColour missing = efficiency_colour(NAN);
  EXPECT_GE(contrast_ratio(missing.background, missing.text), 4.5);
}

TEST(ColorScale, legend_has_ten_distinct_steps_of_0_1) {
  const auto legend = efficiency_legend();
  ASSERT_EQ(legend.size(), 10u);
  std::set<std::string> backgrounds;
  for (std::size_t step = 0; step < legend.size(); ++step) {
    EXPECT_NEAR(legend[step].first, 0.1 * static_cast<double>(step), 1e-12);
    EXPECT_EQ(efficiency_colour(legend[step].first + 0.05).background, legend[step].second.background);
    backgrounds.insert(legend[step].second.background);
  }
  EXPECT_EQ(backgrounds.size(), 10u);
}

TEST(ColorScale, values_outside_zero_to_one_are_clamped) {
  EXPECT_EQ(efficiency_colour(-0.3).background, efficiency_colour(0.0).background);
  EXPECT_EQ(efficiency_colour(1.7).background, efficiency_colour(1.0).background);
  EXPECT_EQ(efficiency_colour(1.0).background, efficiency_colour(0.95).background);
  EXPECT_EQ(efficiency_colour(INFINITY).background, efficiency_colour(1.0).background);
}

TEST(ColorScale, a_value_is_coloured_by_its_two_decimal_display) {
  EXPECT_EQ(efficiency_colour(0.1 * 3).background, efficiency_colour(0.35).background);   // 0.30000000000000004
  EXPECT_EQ(efficiency_colour(0.2999999).background, efficiency_colour(0.35).background); // shown as "0.30"
  EXPECT_NE(efficiency_colour(0.294).background, efficiency_colour(0.35).background);     // shown as "0.29"
}

TEST(ColorScale, missing_value_is_neutral_grey_not_a_step) {
  const std::string grey = efficiency_colour(NAN).background;
  for (const auto& [bound, colour] : efficiency_legend())
    EXPECT_NE(colour.background, grey) << bound;
}

TEST(ColorScale, first_eight_configurations_have_distinct_colours) {
  std::set<std::string_view> colours;
  for (std::size_t i = 0; i < series_palette_size; ++i) {
    const SeriesStyle style = series_style(i);
    colours.insert(style.colour);
    EXPECT_EQ(style.marker, MarkerShape::circle) << i;
    EXPECT_TRUE(style.dash.empty()) << i;
  }
  EXPECT_EQ(colours.size(), series_palette_size);
}

TEST(ColorScale, configurations_beyond_eight_repeat_colours_with_another_marker_and_dash) {
  EXPECT_EQ(series_style(8).colour, series_style(0).colour);
  EXPECT_NE(series_style(8).marker, series_style(0).marker);
  EXPECT_NE(series_style(8).dash, series_style(0).dash);
  std::set<std::tuple<std::string_view, MarkerShape, std::string_view>> styles;
  for (std::size_t i = 0; i < 32; ++i) {
    const SeriesStyle style = series_style(i);
    styles.insert({style.colour, style.marker, style.dash});
  }
  EXPECT_EQ(styles.size(), 32u);
}

TEST(ColorScale, a_cell_names_the_step_of_its_value_as_printed) {
  EXPECT_EQ(efficiency_class(0.0), "e0");
  EXPECT_EQ(efficiency_class(0.295), "e3"); // printed 0.30
  EXPECT_EQ(efficiency_class(0.8125), "e8");
  EXPECT_EQ(efficiency_class(1.2), "e9");
  EXPECT_EQ(efficiency_class(NAN), "en");
}

TEST(ColorScale, the_stylesheet_gives_each_class_its_colours_once) {
  const std::string css = efficiency_stylesheet();
  // ColorBrewer RdYlBu: the darkest red takes white text, the pale yellow black text.
  // A row may carry the class its cells share: its cells without a class of their own take it.
  EXPECT_NE(css.find("td.e0, tr.e0 > td:not([class]) { background: #a50026; color: #ffffff; }"), std::string::npos);
  EXPECT_NE(css.find("td.e4, tr.e4 > td:not([class]) { background: #fee090; color: #000000; }"), std::string::npos);
  EXPECT_NE(css.find("td.en, tr.en > td:not([class]) { background: #e0e0e0; color: #000000; }"), std::string::npos);
  std::size_t rules = 0;
  for (std::size_t at = css.find("td."); at != std::string::npos; at = css.find("td.", at + 1))
    ++rules;
  EXPECT_EQ(rules, 11u);
}

TEST(ColorScale, series_classes_wrap_with_the_styles_and_the_stylesheet_says_each_once) {
  EXPECT_EQ(series_class(0), "s0");
  EXPECT_EQ(series_class(31), "s31");
  EXPECT_EQ(series_class(32), "s0"); // the 33rd configuration looks like the first
  const std::string css = series_stylesheet();
  // s0: Okabe-Ito blue, round marks (the stylesheet's default cap), a solid line.
  EXPECT_NE(css.find(".s0 { stroke: #0072b2; fill: #0072b2; }"), std::string::npos);
  EXPECT_EQ(css.find(".s0 .median-line"), std::string::npos);
  EXPECT_EQ(css.find(".s0 .medians"), std::string::npos);
  // s9 = 8 + 1: the second colour (vermillion) of the second cycle, square marks and "6 3" dashes.
  EXPECT_NE(css.find(".s9 { stroke: #d55e00; fill: #d55e00; }"), std::string::npos);
  EXPECT_NE(css.find(".s9 .median-line, .s9 .sample { stroke-dasharray: 6 3; }"), std::string::npos);
  EXPECT_NE(css.find(".s9 .medians, .s9 .marker { stroke-linecap: square; }"), std::string::npos);
  // s16 and s24: triangles and diamonds, filled shapes with no stroke.
  EXPECT_NE(css.find(".s16 .medians, .s16 .marker { stroke: none; }"), std::string::npos);
  EXPECT_NE(css.find(".s24 .medians, .s24 .marker { stroke: none; }"), std::string::npos);
  std::size_t colour_rules = 0;
  for (std::size_t at = css.find("; fill: #"); at != std::string::npos; at = css.find("; fill: #", at + 1))
    ++colour_rules;
  EXPECT_EQ(colour_rules, 32u);
}

} // namespace
} // namespace tally::pages
