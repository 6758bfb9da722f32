// SPDX-License-Identifier: BSD-3-Clause
// Table cells of the site: a metric that cannot be computed reads "n/a"; a value shows its median
// with the spread of several runs on hover and, for efficiencies, the colour of the fixed scale.
#include "pages/page_data.hpp"

#include <gtest/gtest.h>

namespace tally::pages {
namespace {

std::string text_of(const TemplateData& cell, const std::string& key) {
  const TemplateData* value = cell.get(key);
  return value && value->is_string() ? value->string_value() : std::string("<missing>");
}

TEST(MetricCell, an_absent_metric_reads_not_available) {
  const TemplateData cell = metric_cell(model::MetricId::useful_ipc, std::nullopt);
  EXPECT_EQ(text_of(cell, "text"), "n/a");
  EXPECT_EQ(cell.get("class"), nullptr);
}

TEST(MetricCell, an_efficiency_shows_its_median_spread_and_colour) {
  const TemplateData cell =
      metric_cell(model::MetricId::mpi_load_balance, analysis::MetricSummary{0.8125, 0.75, 0.875, 3});
  EXPECT_EQ(text_of(cell, "text"), "0.81");
  EXPECT_EQ(text_of(cell, "hint"), "median of 3 (0.75 to 0.88)");
  // 0.81 as printed lies in the step [0.8, 0.9), the ninth of the scale.
  EXPECT_EQ(text_of(cell, "class"), "e8");
}

TEST(MetricCell, a_single_time_is_neither_coloured_nor_given_a_spread) {
  const TemplateData cell = metric_cell(model::MetricId::elapsed_ns, analysis::MetricSummary{2.5e9, 2.5e9, 2.5e9, 1});
  EXPECT_EQ(text_of(cell, "text"), "2.50 s");
  // One run has no spread: its hover title would only say "median of 1", on every cell of a commit page.
  EXPECT_EQ(cell.get("hint"), nullptr);
  EXPECT_EQ(cell.get("class"), nullptr);
}

TEST(MetricCell, a_row_says_its_cells_shared_colour_once_and_the_others_name_theirs) {
  using analysis::MetricSummary;
  const auto one = [](double value) { return std::optional(MetricSummary{value, value, value, 1}); };
  // 0.81 and 0.85 lie in the step [0.8, 0.9) (e8), 0.50 in [0.5, 0.6) (e5): e8 is the most used.
  const std::vector<std::optional<MetricSummary>> cells{one(0.81), one(0.50), std::nullopt, one(0.85)};
  EXPECT_EQ(shared_cell_class(model::MetricId::parallel_efficiency, cells), "e8");
  EXPECT_EQ(metric_cell(model::MetricId::parallel_efficiency, cells[0], "e8").get("class"), nullptr);
  EXPECT_EQ(text_of(metric_cell(model::MetricId::parallel_efficiency, cells[1], "e8"), "class"), "e5");
  // An n/a cell must not take the row's colour: it names the grey of a missing value.
  EXPECT_EQ(text_of(metric_cell(model::MetricId::parallel_efficiency, cells[2], "e8"), "class"), "en");
  // A tie goes to the first class by name (e5 before e8), so the same row always gives the same bytes.
  EXPECT_EQ(shared_cell_class(model::MetricId::parallel_efficiency, {one(0.81), one(0.50)}), "e5");
  // Only efficiencies are coloured; a row without values has nothing to share.
  EXPECT_EQ(shared_cell_class(model::MetricId::elapsed_ns, {one(2.5e9)}), "");
  EXPECT_EQ(shared_cell_class(model::MetricId::parallel_efficiency, {std::nullopt}), "");
}

} // namespace
} // namespace tally::pages
