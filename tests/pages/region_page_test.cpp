// SPDX-License-Identifier: BSD-3-Clause
// A region page of a small history built by hand: its elapsed-time chart has one hover title per
// commit with each configuration's median, one spread bar per commit and configuration with
// repetitions that differ, and its lines pass through every median.
#include "analysis/experiment.hpp"
#include "pages/region_page.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

namespace tally::pages {
namespace {

using analysis::testing::make_run;
using analysis::testing::RunShape;

/// A run of `ranks` ranks at commit `commit` taking `seconds`, 80% of it useful.
analysis::ingest::LoadedRun run_of(const std::string& commit, std::uint64_t ranks, double seconds) {
  const auto elapsed = static_cast<std::uint64_t>(seconds * 1e9);
  return make_run(
      RunShape{.commit = commit, .commit_time = "2026-01-0" + commit.substr(1) + "T00:00:00Z", .ranks = ranks}, elapsed,
      elapsed * ranks * 8 / 10);
}

std::vector<std::string> matches(const std::string& text, const std::string& pattern) {
  std::vector<std::string> found;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    found.push_back((*it)[1].str());
  return found;
}

TEST(RegionPage, elapsed_time_chart_of_a_known_history) {
  analysis::ingest::RunSet runs;
  // 1 rank: c1 1 s and 3 s (median 2 s), c2 2 s, c3 1 s, 2 s and 4 s (median 2 s).
  for (const auto& [commit, seconds] : std::vector<std::pair<std::string, double>>{
           {"c1", 1.0}, {"c1", 3.0}, {"c2", 2.0}, {"c3", 1.0}, {"c3", 2.0}, {"c3", 4.0}})
    runs.runs.push_back(run_of(commit, 1, seconds));
  // 2 ranks: c1 0.5 s and 1.5 s (median 1 s), c2 1 s; no run at c3.
  for (const auto& [commit, seconds] :
       std::vector<std::pair<std::string, double>>{{"c1", 0.5}, {"c1", 1.5}, {"c2", 1.0}})
    runs.runs.push_back(run_of(commit, 2, seconds));
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments.size(), 1u);
  ASSERT_EQ(axis.commits.size(), 3u);
  const std::string html =
      Templates(TALLY_TEST_TEMPLATES).render("region", region_page_data(experiments[0], "Global", axis, "main", {}));

  const std::size_t caption = html.find("<figcaption>Elapsed time</figcaption>");
  ASSERT_NE(caption, std::string::npos);
  const std::size_t start = html.rfind("<svg", caption);
  const std::string chart = html.substr(start, caption - start);
  const std::string hover = chart.substr(chart.find("<g class=\"hover\""));

  // One title per commit, the configurations in the legend's order (1 rank, then 2 ranks).
  const auto& c = axis.commits;
  EXPECT_EQ(matches(hover.substr(0, hover.find("</g>")), "<title>([^<]*)</title>"),
            (std::vector<std::string>{c[0].short_sha + ": 2.00 s, 1.00 s", c[1].short_sha + ": 2.00 s, 1.00 s",
                                      c[2].short_sha + ": 2.00 s, –"}));
  // Spread bars: 1 rank at c1 and c3, 2 ranks at c1; c2 has a single run of each.
  std::size_t bars = 0;
  for (const std::string& d : matches(chart, R"re(<path class="spread" d="([^"]*)")re"))
    bars += static_cast<std::size_t>(std::count(d.begin(), d.end(), 'm'));
  EXPECT_EQ(bars, 3u);
  // Lines: 1 rank through c1, c2, c3 (a move and two segments), 2 ranks through c1, c2; no lone mark.
  const std::vector<std::string> lines = matches(chart, R"re(<path class="median-line" d="([^"]*)")re");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(std::count(lines[0].begin(), lines[0].end(), 'l'), 2);
  EXPECT_EQ(std::count(lines[1].begin(), lines[1].end(), 'l'), 1);
  EXPECT_EQ(chart.find("class=\"medians\""), std::string::npos);
}

} // namespace
} // namespace tally::pages
