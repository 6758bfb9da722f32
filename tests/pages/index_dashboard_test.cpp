// SPDX-License-Identifier: BSD-3-Clause
// The dashboard of the branch index on a history built here: Global's charts with a line per
// configuration, its scaling table, and the regions that cost the most time at the newest commit,
// in order, each with the trend of its time since its last change point.
#include "analysis/experiment.hpp"
#include "pages/index_page.hpp"
#include "pages/region_page.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

namespace tally::pages {
namespace {

using analysis::testing::make_run;
using analysis::testing::RunShape;

constexpr std::uint64_t ms = 1'000'000;

/// Elapsed time of a region at a commit (1-based) and rank count.
struct RegionTimes {
  std::string name;
  std::string parent;
  std::uint64_t one_rank_ns;
  std::uint64_t two_ranks_before_ns; ///< commits 1 to 4
  std::uint64_t two_ranks_after_ns;  ///< commits 5 to 8
};

/// 8 commits × {1, 2 ranks} × 3 repetitions 1 ms apart. At 2 ranks, solve takes 600 ms until commit
/// 4 and 900 ms from commit 5 on; halo 300 ms and io 100 ms throughout. At 1 rank io is the slowest
/// region (2 s): the costs are taken at the configuration with the most resources, so it is last.
analysis::ingest::RunSet history() {
  const std::vector<RegionTimes> regions{{"solve", "Global", 500 * ms, 600 * ms, 900 * ms},
                                         {"halo", "solve", 200 * ms, 300 * ms, 300 * ms},
                                         {"io", "Global", 2000 * ms, 100 * ms, 100 * ms}};
  analysis::ingest::RunSet runs;
  for (int commit = 1; commit <= 8; ++commit) {
    const std::string time = "2026-01-0" + std::to_string(commit) + "T00:00:00Z";
    for (const std::uint64_t ranks : {1u, 2u}) {
      for (std::uint64_t repetition = 0; repetition < 3; ++repetition) {
        const RunShape shape{.commit = "c" + std::to_string(commit), .commit_time = time, .ranks = ranks};
        runs.runs.push_back(make_run(shape, 2000 * ms + repetition * ms, 1500 * ms * ranks));
        model::RunDocument& document = runs.runs.back().document;
        for (const RegionTimes& region : regions) {
          const std::uint64_t two_ranks = commit <= 4 ? region.two_ranks_before_ns : region.two_ranks_after_ns;
          const std::uint64_t elapsed = (ranks == 1 ? region.one_rank_ns : two_ranks) + repetition * ms;
          RunShape region_shape = shape;
          region_shape.region = region.name;
          model::Region made = make_run(region_shape, elapsed, elapsed * ranks / 2).document.regions.front();
          made.parent = region.parent;
          document.regions.push_back(std::move(made));
        }
      }
    }
  }
  return runs;
}

std::string index_html(const analysis::ingest::RunSet& runs, const model::NodePowerProfile* profile = nullptr) {
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  return Templates(TALLY_TEST_TEMPLATES)
      .render("index",
              index_page_data(experiments, analysis::region_evolutions(experiments, evolution_chart_metrics(), 1), runs,
                              axis, "main", {}, profile));
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
    ++n;
  return n;
}

/// The rows of the costliest-regions table: name, the commit its trend starts at, and how many
/// values its sparkline draws (its first point, then one segment to each further value).
struct CostRow {
  std::string name;
  std::string since;
  std::size_t points;
  bool operator==(const CostRow&) const = default;
};

std::vector<CostRow> cost_rows(const std::string& html) {
  const std::size_t start = html.find("<table class=\"costliest\">");
  const std::string table = html.substr(start, html.find("</table>", start) - start);
  const std::regex row(
      "<tr><td><a href=\"[^\"]*\">([^<]*)</a></td><td>[^<]*</td><td><code>([^<]*)</code></td>"
      "<td><svg class=\"sparkline\"[^>]*><title>[^<]*</title><path class=\"spark-line\" d=\"([^\"]*)\"");
  std::vector<CostRow> out;
  for (auto it = std::sregex_iterator(table.begin(), table.end(), row); it != std::sregex_iterator(); ++it)
    out.push_back({(*it)[1].str(), (*it)[2].str(), 1 + count((*it)[3].str(), "l")});
  return out;
}

TEST(IndexDashboard, globals_charts_have_a_line_per_configuration) {
  const std::string html = index_html(history());
  const std::size_t start = html.find("<div class=\"dashboard-charts\">");
  ASSERT_NE(start, std::string::npos);
  const std::string charts = html.substr(start, html.find("</div>", start) - start);
  // Parallel efficiency and elapsed time, each with a legend entry per configuration (1 and 2 ranks).
  EXPECT_EQ(count(charts, "<svg"), 2u);
  EXPECT_EQ(count(charts, "<g class=\"legend-item"), 4u);
  EXPECT_NE(charts.find("Parallel efficiency of Global"), std::string::npos);
  EXPECT_NE(charts.find("Elapsed time of Global"), std::string::npos);
}

TEST(IndexDashboard, the_costliest_regions_come_in_order_with_their_trend_since_the_change_point) {
  const std::vector<CostRow> expected{{"solve", "c5", 4}, {"halo", "c1", 8}, {"io", "c1", 8}};
  EXPECT_EQ(cost_rows(index_html(history())), expected);
}

TEST(IndexDashboard, shows_globals_scaling_table_at_the_newest_commit) {
  const std::string html = index_html(history());
  const std::size_t start = html.find("Scaling of Global at the newest commit");
  ASSERT_NE(start, std::string::npos);
  const std::size_t table = html.find("<table class=\"scaling\">", start);
  ASSERT_NE(table, std::string::npos);
  const std::string head = html.substr(table, html.find("</thead>", table) - table);
  EXPECT_NE(head.find("1 rank ×"), std::string::npos);
  EXPECT_NE(head.find("2 ranks ×"), std::string::npos);
  EXPECT_EQ(count(head, "3 run(s)"), 2u);
}

TEST(IndexDashboard, a_power_profile_adds_the_time_energy_chart_of_the_newest_commit) {
  EXPECT_EQ(index_html(history()).find("Time and energy at the newest commit"), std::string::npos);
  const model::NodePowerProfile profile{.node_idle_watts = 100, .core_useful_watts = 10, .core_waiting_watts = 5};
  const std::string html = index_html(history(), &profile);
  ASSERT_NE(html.find("Time and energy at the newest commit"), std::string::npos);
  EXPECT_NE(html.find("Time and energy of Global at c8 (energy: model estimate)"), std::string::npos);
  // Global at c8, the repetition of median elapsed time: 2.001 s on one node. 1 rank: 1.5 s useful,
  // 0.501 s in MPI: 2.001 × 100 + 1.5 × 10 + 0.501 × 5 = 217.605 J. 2 ranks: 3 s useful, 1.002 s in
  // MPI: 200.1 + 30 + 5.01 = 235.11 J, as slow and costlier: dominated.
  EXPECT_NE(html.find(": 2.001 s, 217.6 J, on the front</title>"), std::string::npos);
  EXPECT_NE(html.find(": 2.001 s, 235.1 J</title>"), std::string::npos);
  EXPECT_EQ(count(html, "<g class=\"front-member\">"), 1u);
  EXPECT_EQ(count(html, "<g class=\"dominated\">"), 1u);
}

} // namespace
} // namespace tally::pages
