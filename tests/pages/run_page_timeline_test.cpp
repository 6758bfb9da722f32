// SPDX-License-Identifier: BSD-3-Clause
// How a run went, on its page and where runs are listed: the hung banner, the timeline section
// only for a document that has one, and a hung run marked on its commit page and the index.
#include "pages/commit_page.hpp"
#include "pages/index_page.hpp"
#include "pages/page_data.hpp"
#include "pages/region_page.hpp"
#include "pages/run_page.hpp"
#include "pages/run_timeline_data.hpp"
#include "pages/site_builder.hpp"
#include "pages/site_output.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace tally::pages {
namespace {

using analysis::testing::make_run;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

analysis::ingest::LoadedRun hung_run() {
  analysis::ingest::LoadedRun run = make_run({}, 5'000'000'000, 900'000'000);
  run.document.run.outcome = model::RunOutcome::hung;
  run.document.run.hang = model::Hang{3, "n002", "MPI_Recv", {"step", "exchange"}, 600'000'000'000};
  return run;
}

TEST(RunPageTimeline, a_run_without_timeline_has_no_chart_and_no_heading) {
  const std::string html =
      Templates(TALLY_TEST_TEMPLATES).render("run", run_page_data(make_run({}, 1'000'000'000, 900'000'000), "main"));
  EXPECT_EQ(html.find("Timeline"), std::string::npos);
  EXPECT_EQ(html.find("timeline-chart"), std::string::npos);
  EXPECT_EQ(html.find("hung"), std::string::npos);
}

TEST(RunPageTimeline, a_timeline_is_charted_with_its_behaviour_and_idle_nodes) {
  analysis::ingest::LoadedRun run = make_run({}, 1'000'000'000, 900'000'000);
  run.document.timeline =
      model::Timeline{100'000'000, {90, 90}, {10, 10}, {0, 0}, {0, 0}, model::Behaviour::cold_start, {"n002"}};
  const std::string html = Templates(TALLY_TEST_TEMPLATES).render("run", run_page_data(run, "main"));
  EXPECT_EQ(count_of(html, "<h2>Timeline</h2>"), 1u);
  EXPECT_EQ(count_of(html, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline-chart\""), 1u);
  EXPECT_NE(html.find("Behaviour: <strong>cold start</strong> · idle nodes: <code>n002</code>"), std::string::npos)
      << html;
}

TEST(RunPageTimeline, a_hung_run_opens_with_where_it_hung) {
  const std::string html = Templates(TALLY_TEST_TEMPLATES).render("run", run_page_data(hung_run(), "main"));
  // Before the title; the template engine escapes ">" of the region stack.
  const auto banner =
      html.find("<p class=\"hung\">hung: rank 3 (n002) waited 600.00 s in MPI_Recv in region exchange (step &gt; "
                "exchange)</p>");
  ASSERT_NE(banner, std::string::npos) << html;
  EXPECT_LT(banner, html.find("<h1>"));
}

TEST(RunPageTimeline, a_hung_run_is_a_marked_row_of_its_commit_and_counted_on_the_index) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(make_run({}, 1'000'000'000, 900'000'000));
  runs.runs.push_back(make_run({}, 1'200'000'000, 900'000'000));
  runs.runs.push_back(hung_run());
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const BranchVerdicts verdicts;
  const Templates templates(TALLY_TEST_TEMPLATES);
  const RunPages run_pages = runs_with_pages(experiments, axis, 1);
  const std::string commit_html =
      templates.render("commit", commit_page_data({axis, experiments, "main", run_pages, verdicts}, 0));
  // Three rows: repetitions 1 and 2, then the hung run with where it hung, which keeps its page
  // beside the median repetition's.
  EXPECT_EQ(run_pages.size(), 2u);
  EXPECT_TRUE(run_pages.contains(&runs.runs[2]));
  EXPECT_NE(commit_html.find("<h2>Runs (3)</h2>"), std::string::npos);
  EXPECT_EQ(count_of(commit_html, "<span class=\"hung-mark\">hung</span> rank 3 (n002) waited 600.00 s"), 1u)
      << commit_html;
  EXPECT_NE(commit_html.find("1 hung run(s)"), std::string::npos);
  const std::string index_html = templates.render(
      "index", index_page_data(experiments, analysis::region_evolutions(experiments, evolution_chart_metrics(), 1),
                               runs, axis, "main", verdicts));
  // The newest commit's block and its line in the commit list.
  EXPECT_EQ(count_of(index_html, "<span class=\"hung-mark\">1 hung</span>"), 2u) << index_html;
}

TEST(RunPageTimeline, an_experiment_whose_only_run_hung_is_a_site_without_region_pages) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(make_run({}, 1'000'000'000, 900'000'000));
  runs.runs.push_back(hung_run());
  runs.runs.back().document.run.experiment = "deadlock";
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments.size(), 2u);
  EXPECT_TRUE(experiments[0].regions.empty()) << experiments[0].name; // "deadlock", sorted first
  const std::filesystem::path output =
      std::filesystem::temp_directory_path() / ("tally_hung_site_" + std::to_string(::getpid()));
  std::filesystem::remove_all(output);
  const std::filesystem::path index =
      build_site({output, "main", 1}, Templates(TALLY_TEST_TEMPLATES), runs, axis, experiments);
  EXPECT_FALSE(std::filesystem::exists(index.parent_path() / "deadlock"));
  const std::string commit_html = read_text_file(index.parent_path() / commit_page_path(axis.commits[0]));
  EXPECT_EQ(count_of(commit_html, "<tr><td>deadlock<td>1 node · 1 rank × 1 thread<td><span class=\"hung-mark\">hung"),
            1u)
      << commit_html;
  std::filesystem::remove_all(output);
}

TEST(RunPageTimeline, only_runs_with_a_page_keep_their_timeline_arrays) {
  // Two commits of the jacobi example, each with a timeline of two buckets.
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("tally_timeline_runs_" + std::to_string(::getpid()));
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  for (const char* commit : {"1111111", "2222222"}) {
    nlohmann::json document =
        nlohmann::json::parse(read_text_file(std::filesystem::path(TALLY_TEST_EXAMPLES) / "jacobi_4ranks_2nodes.json"));
    document["run"]["id"] = std::string("run-") + commit;
    document["source"]["commit"] = commit;
    document["source"]["commit_time"] = commit[0] == '1' ? "2026-01-01T00:00:00Z" : "2026-01-02T00:00:00Z";
    document["timeline"] = {{"bucket_ns", 100'000'000}, {"useful_ns", {1, 2}}, {"mpi_ns", {3, 4}},
                            {"offload_ns", {0, 0}},     {"openmp_ns", {0, 0}}, {"behaviour", "stall"},
                            {"idle_nodes", {"n1"}}};
    std::ofstream(folder / (std::string(commit) + ".json")) << document.dump();
  }
  analysis::ingest::RunSet runs = analysis::ingest::load_runs({folder.string()}, 1, {.timeline_buckets = false});
  ASSERT_EQ(runs.runs.size(), 2u);
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    ASSERT_TRUE(run.document.timeline.has_value());
    EXPECT_TRUE(run.document.timeline->useful_ns.empty() && run.document.timeline->mpi_ns.empty());
    EXPECT_EQ(run.document.timeline->behaviour, model::Behaviour::stall);
    EXPECT_EQ(run.document.timeline->idle_nodes, std::vector<std::string>{"n1"});
  }
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  restore_timelines_of_run_pages(runs, runs_with_pages(experiments, axis, 1), 1);
  // Only the newest commit's run has a page: its arrays are read again, the older run's are not.
  using Buckets = std::vector<std::uint64_t>;
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    const bool newest = run.document.source->commit == "2222222";
    EXPECT_EQ(run.document.timeline->useful_ns, (newest ? Buckets{1, 2} : Buckets{})) << run.document.run.id;
    EXPECT_EQ(run.document.timeline->mpi_ns, (newest ? Buckets{3, 4} : Buckets{})) << run.document.run.id;
  }
  std::filesystem::remove_all(folder);
}

} // namespace
} // namespace tally::pages
