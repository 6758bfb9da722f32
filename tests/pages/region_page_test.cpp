// SPDX-License-Identifier: BSD-3-Clause
// A region page of a small history built by hand: its elapsed-time chart has one hover title per
// commit with each configuration's median, one spread bar per commit and configuration with
// repetitions that differ, and its lines pass through every median; its counts per visit are
// charted at their exact values, and counts a document lacks read n/a or have no chart.
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
      Templates(TALLY_TEST_TEMPLATES)
          .render("region",
                  region_page_data(experiments[0], "Global",
                                   analysis::region_evolution(experiments[0], "Global", evolution_chart_metrics()),
                                   axis, "main", {}));

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

/// A run at `commit` whose Global made `calls` MPI calls in `visits` visits, with `bytes_sent`
/// and `collective_bytes` unless absent (as in a DLB TALP import, which counts calls only).
analysis::ingest::LoadedRun counted_run(const std::string& commit, std::uint64_t ranks, std::uint64_t calls,
                                        std::uint64_t visits, std::optional<std::uint64_t> bytes_sent,
                                        std::optional<std::uint64_t> collective_bytes) {
  analysis::ingest::LoadedRun run = run_of(commit, ranks, 1.0);
  model::Region& global = run.document.regions.front();
  global.visits = visits;
  global.raw.mpi = model::MpiRaw{calls, calls, std::nullopt, bytes_sent, std::nullopt, collective_bytes};
  return run;
}

/// The hover titles of the chart captioned `caption`, one per commit; empty when there is no such chart.
std::vector<std::string> chart_titles(const std::string& html, const std::string& caption) {
  const std::size_t end = html.find("<figcaption>" + caption + "</figcaption>");
  if (end == std::string::npos) return {};
  const std::string chart = html.substr(html.rfind("<svg", end), end - html.rfind("<svg", end));
  const std::string hover = chart.substr(chart.find("<g class=\"hover\""));
  return matches(hover.substr(0, hover.find("</g>")), "<title>([^<]*)</title>");
}

TEST(RegionPage, counts_per_visit_along_the_commits_and_at_the_newest) {
  analysis::ingest::RunSet runs;
  // 1 rank: c1 twice 300 calls in 100 visits (3 per visit), 2,000 B sent + 500 B to collectives
  // (25 B per visit); c2 400 calls in 100 visits (4), 4,000 + 1,000 B (50 B).
  runs.runs.push_back(counted_run("c1", 1, 300, 100, 2000, 500));
  runs.runs.push_back(counted_run("c1", 1, 300, 100, 2000, 500));
  runs.runs.push_back(counted_run("c2", 1, 400, 100, 4000, 1000));
  // 2 ranks: c1 1,000 calls in 200 visits (5), 10,000 + 0 B (50 B); c2 imported from TALP:
  // 1,200 calls in 200 visits (6), no bytes.
  runs.runs.push_back(counted_run("c1", 2, 1000, 200, 10000, 0));
  runs.runs.push_back(counted_run("c2", 2, 1200, 200, std::nullopt, std::nullopt));
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(axis.commits.size(), 2u);
  const std::string html =
      Templates(TALLY_TEST_TEMPLATES)
          .render("region",
                  region_page_data(experiments[0], "Global",
                                   analysis::region_evolution(experiments[0], "Global", evolution_chart_metrics()),
                                   axis, "main", {}));

  // One value per commit and configuration (1 rank, then 2 ranks), the exact count per visit.
  const auto& c = axis.commits;
  EXPECT_EQ(chart_titles(html, "MPI calls per visit"),
            (std::vector<std::string>{c[0].short_sha + ": 3, 5", c[1].short_sha + ": 4, 6"}));
  EXPECT_EQ(chart_titles(html, "MPI bytes per visit"),
            (std::vector<std::string>{c[0].short_sha + ": 25 B, 50 B", c[1].short_sha + ": 50 B, –"}));
  // The table at c2: totals, per visit on hover; the TALP import's bytes are n/a, not 0.
  const std::size_t table = html.find("<h2>Counts at the newest commit</h2>");
  ASSERT_NE(table, std::string::npos);
  const std::string counts = html.substr(table, html.find("</table>", table) - table);
  EXPECT_NE(counts.find("<th>MPI calls</th><td title=\"4 per visit\">400</td><td title=\"6 per visit\">1,200</td>"),
            std::string::npos);
  EXPECT_NE(
      counts.find("<th>MPI bytes sent</th><td title=\"40 B per visit\">4.0 kB</td><td title=\"not measured\">n/a</td>"),
      std::string::npos);
  // No run counted by kind or received bytes: no such rows.
  EXPECT_EQ(counts.find("point to point"), std::string::npos);
  EXPECT_EQ(counts.find("MPI bytes received"), std::string::npos);
}

TEST(RegionPage, links_to_the_region_it_ran_inside_and_to_those_inside_it) {
  analysis::ingest::RunSet runs;
  // Global ⊃ solve ⊃ {halo, reduce}; the regions' times are Global's, their nesting all that matters.
  runs.runs.push_back(run_of("c1", 1, 1.0));
  auto& regions = runs.runs.back().document.regions;
  for (const auto& [name, parent] :
       std::vector<std::pair<std::string, std::string>>{{"solve", "Global"}, {"reduce", "solve"}, {"halo", "solve"}}) {
    regions.push_back(regions.front());
    regions.back().name = name;
    regions.back().parent = parent;
  }
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const std::string html =
      Templates(TALLY_TEST_TEMPLATES)
          .render("region",
                  region_page_data(experiments[0], "solve",
                                   analysis::region_evolution(experiments[0], "solve", evolution_chart_metrics()), axis,
                                   "main", {}));
  // Region pages of experiment "scaling" share the folder scaling/; children come by name.
  EXPECT_NE(html.find("› scaling › <a href=\"../scaling/Global.html\">Global</a></p>"), std::string::npos);
  EXPECT_NE(
      html.find("Inside it: <a href=\"../scaling/halo.html\">halo</a> <a href=\"../scaling/reduce.html\">reduce</a>"),
      std::string::npos);
  const std::string global =
      Templates(TALLY_TEST_TEMPLATES)
          .render("region",
                  region_page_data(experiments[0], "Global",
                                   analysis::region_evolution(experiments[0], "Global", evolution_chart_metrics()),
                                   axis, "main", {}));
  EXPECT_NE(global.find("Inside it: <a href=\"../scaling/solve.html\">solve</a> </p>"), std::string::npos);
}

TEST(RegionPage, names_the_gpu_programming_model_of_its_newest_commit) {
  // solve made CUDA runtime calls at 1 rank, ran OpenACC constructs on the host at 2 and made HIP
  // runtime calls at 4; Global none of these.
  analysis::ingest::RunSet runs;
  for (const std::uint64_t ranks : {1, 2, 4}) {
    runs.runs.push_back(run_of("c1", ranks, 1.0));
    auto& regions = runs.runs.back().document.regions;
    regions.push_back(regions.front());
    regions.back().name = "solve";
    regions.back().parent = "Global";
    if (ranks == 1) {
      regions.back().raw.device_counts = model::DeviceCountsRaw{.runtime_calls = 40};
    } else if (ranks == 4) {
      regions.back().raw.device_counts =
          model::DeviceCountsRaw{.runtime_calls = 40, .runtime = model::DeviceRuntime::hip};
    } else {
      regions.back().raw.openacc = model::OpenAccRaw{};
      regions.back().raw.openacc->constructs[0] = 8;
      regions.back().raw.openacc->constructs_on_host = 8;
    }
  }
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const auto page = [&](const std::string& region) {
    return Templates(TALLY_TEST_TEMPLATES)
        .render("region",
                region_page_data(experiments[0], region,
                                 analysis::region_evolution(experiments[0], region, evolution_chart_metrics()), axis,
                                 "main", {}));
  };
  EXPECT_NE(page("solve").find("1 commits with runs · GPU: CUDA; HIP; OpenACC, run on the host</p>"), std::string::npos)
      << page("solve");
  EXPECT_EQ(page("Global").find("GPU:"), std::string::npos);
}

TEST(RegionPage, a_count_that_never_moved_has_its_table_row_but_no_chart) {
  analysis::ingest::RunSet runs;
  // 300 calls in 100 visits at both commits and in both runs of c1: 3 per visit throughout.
  runs.runs.push_back(counted_run("c1", 1, 300, 100, 2000, 500));
  runs.runs.push_back(counted_run("c1", 1, 300, 100, 2000, 500));
  runs.runs.push_back(counted_run("c2", 1, 300, 100, 2000, 500));
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const std::string html =
      Templates(TALLY_TEST_TEMPLATES)
          .render("region",
                  region_page_data(experiments[0], "Global",
                                   analysis::region_evolution(experiments[0], "Global", evolution_chart_metrics()),
                                   axis, "main", {}));
  EXPECT_NE(html.find("<th>MPI calls</th><td title=\"3 per visit\">300</td>"), std::string::npos);
  EXPECT_EQ(html.find("<figcaption>MPI calls per visit</figcaption>"), std::string::npos);
  EXPECT_EQ(html.find("<figcaption>MPI bytes per visit</figcaption>"), std::string::npos);
}

TEST(RegionPage, documents_without_counts_have_no_count_table_or_chart) {
  analysis::ingest::RunSet runs;
  // As read from a tally.run/1 document: no raw.mpi.
  runs.runs.push_back(run_of("c1", 1, 1.0));
  runs.runs.push_back(run_of("c2", 1, 2.0));
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const std::string html =
      Templates(TALLY_TEST_TEMPLATES)
          .render("region",
                  region_page_data(experiments[0], "Global",
                                   analysis::region_evolution(experiments[0], "Global", evolution_chart_metrics()),
                                   axis, "main", {}));
  EXPECT_NE(html.find("<figcaption>Elapsed time</figcaption>"), std::string::npos);
  EXPECT_EQ(html.find("Counts at the newest commit"), std::string::npos);
  EXPECT_EQ(html.find("per visit</figcaption>"), std::string::npos);
}

} // namespace
} // namespace tally::pages
