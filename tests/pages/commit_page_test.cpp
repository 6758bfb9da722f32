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
  const CommitPageContext context{axis, experiments, "main", 1, verdicts};
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

} // namespace
} // namespace tally::pages
