// SPDX-License-Identifier: BSD-3-Clause
// The metric tree in the site: each row's depth is the one `tally report` indents it by.
//
// The depth counts the ancestors among the rows shown and reaches the HTML as the row's --depth.
#include "analysis/experiment.hpp"
#include "pages/region_page.hpp"
#include "pages/run_page.hpp"
#include "pages/site_output.hpp"
#include "run_factory.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/metric_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

namespace tally::pages {
namespace {

using Depths = std::map<std::string, int>;

const TemplateList& list_of(const TemplateData& data, const std::string& key) {
  const TemplateData* value = data.get(key);
  EXPECT_TRUE(value && value->is_list()) << key;
  static const TemplateList empty;
  return value && value->is_list() ? value->list_value() : empty;
}

std::string text_of(const TemplateData& data, const std::string& key) {
  const TemplateData* value = data.get(key);
  return value && value->is_string() ? value->string_value() : "<missing>";
}

Depths depths_of(const TemplateList& rows) {
  Depths out;
  for (const TemplateData& row : rows)
    out[text_of(row, "name")] = std::stoi(text_of(row, "depth"));
  return out;
}

/// The depth of each metric line of one region in `tally report`: (indent - 2) / 2.
Depths report_depths(const std::string& report, const std::string& region) {
  Depths out;
  std::istringstream lines(report);
  std::string line;
  while (std::getline(lines, line) && !line.starts_with("Region " + region + " ")) {
  }
  while (std::getline(lines, line) && !line.empty()) {
    const std::size_t indent = line.find_first_not_of(' ');
    const std::size_t end = line.find("  ", indent);
    out[line.substr(indent, end - indent)] = static_cast<int>(indent - 2) / 2;
  }
  return out;
}

TEST(MetricRows, run_page_rows_have_the_depth_tally_report_indents) {
  auto loaded = model::load_run_document(TALLY_TEST_EXAMPLES "/hybrid_2ranks_2threads.json");
  ASSERT_TRUE(std::holds_alternative<model::RunDocument>(loaded));
  analysis::ingest::LoadedRun run{"hybrid.json", std::get<model::RunDocument>(std::move(loaded))};
  const TemplateData page = run_page_data(run, "main");
  ASSERT_EQ(list_of(page, "regions").size(), run.document.regions.size());
  // Every region of this run has the same metrics, so the page's one tree is each region's tree.
  const Depths rows = depths_of(list_of(page, "rows"));
  const std::string report = model::metric_report_text(run.document);
  for (const model::Region& region : run.document.regions)
    EXPECT_EQ(rows, report_depths(report, region.name)) << "region " << region.name;
  // One run has no global efficiency: parallel efficiency is a root, OpenMP hangs beside MPI.
  EXPECT_EQ(rows.at("Parallel efficiency"), 0);
  EXPECT_EQ(rows.at("MPI parallel efficiency"), 1);
  EXPECT_EQ(rows.at("MPI load balance"), 2);
  EXPECT_EQ(rows.at("OpenMP parallel efficiency"), 1);
  EXPECT_EQ(rows.at("OpenMP load balance"), 2);
  EXPECT_EQ(rows.at("Elapsed time"), 0);
}

TEST(MetricRows, run_page_has_a_column_per_region_and_n_a_where_a_region_lacks_a_metric) {
  using analysis::testing::make_run;
  // Region "solve" has counters (IPC = 3000 / 2000 = 1.50), "Global" has none.
  analysis::ingest::LoadedRun run = make_run({.ranks = 2}, 1000, 1600);
  run.document.regions.push_back(
      make_run({.ranks = 2, .region = "solve"}, 1000, 1600, model::CounterRaw{3000, 2000}).document.regions[0]);
  const TemplateData page = run_page_data(run, "main");
  const TemplateList& regions = list_of(page, "regions");
  ASSERT_EQ(regions.size(), 2u);
  EXPECT_EQ(text_of(regions[1], "name"), "solve");
  EXPECT_EQ(text_of(regions[1], "visits"), "2");
  const std::string html = Templates(TALLY_TEST_TEMPLATES).render("run", page);
  EXPECT_NE(html.find("<tr class=\"d0\"><th>Useful IPC<td>n/a<td>1.50\n"), std::string::npos) << html;
  // Parallel efficiency = 1600 / (2 × 1000) = 0.80 in both regions, coloured as the step [0.8, 0.9):
  // the row says the class its cells share, once.
  EXPECT_NE(html.find("<tr class=\"d0 e8\"><th>Parallel efficiency<td>0.80<td>0.80\n"), std::string::npos) << html;
}

TEST(MetricRows, scaling_table_rows_follow_the_tree_and_reach_the_html) {
  using analysis::testing::make_run;
  analysis::ingest::RunSet runs;
  runs.runs.push_back(make_run({.ranks = 1}, 1000, 1000));
  runs.runs.push_back(make_run({.ranks = 4}, 300, 1000));
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments.size(), 1u);
  const TemplateData page = region_page_data(
      experiments[0], "Global", analysis::region_evolution(experiments[0], "Global", evolution_chart_metrics()), axis,
      "main", {});
  const TemplateData* table = page.get("table");
  ASSERT_TRUE(table);
  // Two configurations: global efficiency is the root of parallel efficiency and scalability.
  const Depths depths = depths_of(list_of(*table, "rows"));
  EXPECT_EQ(depths.at("Global efficiency"), 0);
  EXPECT_EQ(depths.at("Parallel efficiency"), 1);
  EXPECT_EQ(depths.at("MPI parallel efficiency"), 2);
  EXPECT_EQ(depths.at("MPI load balance"), 3);
  EXPECT_EQ(depths.at("Computation scalability"), 1);
  EXPECT_EQ(depths.at("Elapsed time"), 0);

  const std::string html = Templates(TALLY_TEST_TEMPLATES).render("region", page);
  EXPECT_NE(html.find(R"(<tr class="d0"><th>Global efficiency</th>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<tr class="d2"><th>MPI parallel efficiency</th>)"), std::string::npos);
  EXPECT_NE(html.find(R"(<tr class="d1"><th>Computation scalability</th>)"), std::string::npos);
}

TEST(MetricRows, the_stylesheet_indents_every_depth_of_the_tree) {
  // templates/style.css has classes d1 to d6; the deepest metric with the whole tree shown must fit.
  model::MetricSet everything;
  everything.set();
  int deepest = 0;
  for (const model::MetricInfo& metric : model::metric_table())
    deepest = std::max(deepest, model::shown_depth(metric.id, everything));
  EXPECT_LE(deepest, 6);
  EXPECT_NE(read_text_file(std::filesystem::path(TALLY_TEST_TEMPLATES) / "style.css").find(".d6 { --depth: 6; }"),
            std::string::npos);
}

} // namespace
} // namespace tally::pages
