// SPDX-License-Identifier: BSD-3-Clause
// A commit page of runs built by hand: a row per run, the experiment's and each configuration's
// name written once and spanning their rows.
#include "analysis/experiment.hpp"
#include "pages/commit_page.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

namespace tally::pages {
namespace {

using analysis::testing::make_run;

TEST(CommitPage, experiment_and_configuration_names_span_their_runs_rows) {
  analysis::ingest::RunSet runs;
  // One commit: two repetitions on 1 rank, one on 2 ranks, all of experiment "scaling".
  runs.runs.push_back(make_run({.ranks = 1}, 1000, 1000));
  runs.runs.push_back(make_run({.ranks = 1}, 1200, 1200));
  runs.runs.push_back(make_run({.ranks = 2}, 1000, 2000));
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const BranchVerdicts verdicts;
  const RunPages run_pages;
  const CommitPageContext context{axis, experiments, "main", run_pages, verdicts};
  const std::string html = Templates(TALLY_TEST_TEMPLATES).render("commit", commit_page_data(context, 0));
  const std::string body = html.substr(html.find("<tbody>"), html.find("</tbody>") - html.find("<tbody>"));
  // The first row opens both spans: the experiment over all 3 runs, 1 rank over its 2.
  EXPECT_NE(body.find("<tr><td rowspan=3>scaling<td rowspan=2>1 node · 1 rank × 1 thread<td>1<td>"), std::string::npos)
      << body;
  // The second repetition starts at its number; 2 ranks has one run, so no span.
  EXPECT_NE(body.find("<tr><td>2<td>"), std::string::npos) << body;
  EXPECT_NE(body.find("<tr><td>1 node · 2 ranks × 1 thread<td>1<td>"), std::string::npos) << body;
  EXPECT_EQ(std::count(body.begin(), body.end(), '\n') - 1, 3) << body; // a line per run
}

TEST(CommitPage, the_newest_commits_keep_a_page_for_the_median_repetition_of_each_configuration) {
  analysis::ingest::RunSet runs;
  // c1, the older commit: one run. c2: 1 rank in 3 s, 1 s and 2 s (median 2 s); 2 ranks in 4 s and
  // 2 s (the lower middle of two: 2 s).
  runs.runs.push_back(make_run({.commit = "c1", .ranks = 1}, 1000, 1000));
  for (const std::uint64_t elapsed : {3000, 1000, 2000})
    runs.runs.push_back(
        make_run({.commit = "c2", .commit_time = "2026-01-02T00:00:00Z", .ranks = 1}, elapsed, elapsed));
  for (const std::uint64_t elapsed : {4000, 2000})
    runs.runs.push_back(
        make_run({.commit = "c2", .commit_time = "2026-01-02T00:00:00Z", .ranks = 2}, elapsed, 2 * elapsed));
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(axis.commits.size(), 2u);
  // The newest commit only: 1 rank's 2 s run (the 4th document) and 2 ranks' 2 s run (the 6th).
  EXPECT_EQ(runs_with_pages(experiments, axis, 1), (RunPages{&runs.runs[3], &runs.runs[5]}));
  // Both commits: c1's only run joins them; more commits than the history has change nothing.
  EXPECT_EQ(runs_with_pages(experiments, axis, 2), (RunPages{&runs.runs[0], &runs.runs[3], &runs.runs[5]}));
  EXPECT_EQ(runs_with_pages(experiments, axis, 50), runs_with_pages(experiments, axis, 2));
  EXPECT_TRUE(runs_with_pages(experiments, axis, 0).empty());
}

} // namespace
} // namespace tally::pages
