// SPDX-License-Identifier: BSD-3-Clause
// The gate's verdicts and the change points on the site, on a history whose one change is known:
// eight commits of 5 repetitions at 4 ranks, MPI load balance 0.95 until the fifth and 0.75 from
// the sixth on (nothing else moves but a fixed jitter of ±0.2% on useful time).
#include "analysis/experiment.hpp"
#include "gate/branch_verdicts.hpp"
#include "gate_runs.hpp"
#include "pages/page_data.hpp"
#include "pages/site_builder.hpp"
#include "pages/site_output.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace tally::pages {
namespace {

namespace fs = std::filesystem;

constexpr int commit_count = 8;
constexpr int imbalanced_from = 6;

analysis::ingest::RunSet imbalanced_history(int commits = commit_count) {
  analysis::ingest::RunSet runs;
  for (int commit = 1; commit <= commits; ++commit) {
    char name[16], time[32];
    std::snprintf(name, sizeof name, "c%02d", commit);
    std::snprintf(time, sizeof time, "2026-01-%02dT00:00:00Z", commit);
    for (int repetition = 0; repetition < 5; ++repetition) {
      gate::testing::GateRunShape shape{name, "solve", 4};
      shape.useful_avg_ns *= 1.0 + 0.001 * (repetition - 2);
      shape.load_balance = commit >= imbalanced_from ? 0.75 : 0.95;
      runs.runs.push_back(gate::testing::gate_run(shape));
      runs.runs.back().document.source->commit_time = time;
    }
  }
  return runs;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
    ++count;
  return count;
}

class SiteVerdicts : public ::testing::Test {
protected:
  void SetUp() override {
    output_ = fs::temp_directory_path() / ("tally_site_verdicts_" + std::to_string(::getpid()));
    fs::remove_all(output_);
  }
  void TearDown() override { fs::remove_all(output_); }
  fs::path output_;
  const analysis::ingest::RunSet runs_ = imbalanced_history();
  const analysis::history::CommitAxis axis_ = analysis::history::order_by_document_time(runs_);
};

TEST_F(SiteVerdicts, only_the_commit_that_adds_the_imbalance_is_a_regression) {
  const auto verdicts = gate::branch_verdicts(runs_, axis_, gate::GateConfig{}, 10, commit_count, 2);
  ASSERT_EQ(verdicts.size(), static_cast<std::size_t>(commit_count));
  EXPECT_FALSE(verdicts[0]); // the oldest commit has no parent with runs
  for (std::size_t position = 1; position < verdicts.size(); ++position) {
    ASSERT_TRUE(verdicts[position]) << position;
    EXPECT_EQ(verdicts[position]->baseline, position - 1);
    // c06 is position 5. From c07 on the parent is imbalanced too: against it, nothing moved.
    const bool adds_imbalance = position == imbalanced_from - 1;
    EXPECT_EQ(verdicts[position]->overall, adds_imbalance ? gate::Verdict::regression : gate::Verdict::pass)
        << position;
  }
  const auto& findings = verdicts[imbalanced_from - 1]->findings;
  ASSERT_FALSE(findings.empty());
  EXPECT_EQ(findings.front().region, "solve");
  EXPECT_NE(findings.front().summary.find("load balance"), std::string::npos) << findings.front().summary;
}

TEST_F(SiteVerdicts, only_the_newest_commits_are_gated) {
  // The newest three: positions 5, 6 and 7.
  const auto verdicts = gate::branch_verdicts(runs_, axis_, gate::GateConfig{}, 10, 3, 2);
  for (std::size_t position = 0; position < verdicts.size(); ++position)
    EXPECT_EQ(verdicts[position].has_value(), position >= 5) << position;
}

TEST_F(SiteVerdicts, index_commit_page_and_charts_show_the_verdict_and_the_change_point) {
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs_, axis_, std::nullopt);
  const Templates templates(TALLY_TEST_TEMPLATES);
  const fs::path index = build_site({output_, "main", 2}, templates, runs_, axis_, experiments);
  const std::string index_html = read_text_file(index);
  // Seven commits have a parent: one regression, six passes, each a badge in the commit list
  // (the newest, a pass, has no findings to list).
  EXPECT_EQ(count_of(index_html, "class=\"verdict verdict-regression\">regression</span>"), 1u);
  EXPECT_EQ(count_of(index_html, "class=\"verdict verdict-pass\">pass</span>"), 6u + 1u); // and the newest's block
  // The change point: load balance 0.95 → 0.75 from c06 on (three commits each side at least).
  const std::string& c06 = axis_.commits[imbalanced_from - 1].short_sha;
  EXPECT_NE(
      index_html.find("<code>" + c06 +
                      "</code></a></td><td>scaling</td><td><a href=\"scaling/solve.html\">solve</a>"
                      "</td><td>1 node · 4 ranks × 1 thread</td><td>MPI load balance</td><td>0.95</td><td>0.75</td>"
                      "<td>-20.0 pp</td>"),
      std::string::npos)
      << index_html;

  const std::string commit_html =
      read_text_file(index.parent_path() / commit_page_path(axis_.commits[imbalanced_from - 1]));
  EXPECT_NE(commit_html.find("Gate against its parent"), std::string::npos);
  EXPECT_EQ(count_of(commit_html, "class=\"verdict verdict-regression\">regression</span> solve:"), 1u) << commit_html;

  // On each charted metric of solve's page: the load-balance family shows the change point, and
  // every chart the gate's regression at c06, which its finding in solve explains.
  const std::string region_html = read_text_file(index.parent_path() / "scaling" / "solve.html");
  EXPECT_NE(region_html.find("<line class=\"change-point\""), std::string::npos);
  EXPECT_NE(region_html.find("change point at " + c06 + " · 1 node · 4 ranks × 1 thread: 0.95 → 0.75"),
            std::string::npos);
  EXPECT_GT(count_of(region_html, "<path class=\"regression\""), 0u);
  EXPECT_NE(region_html.find("gate: regression at " + c06 + " against " + axis_.commits[imbalanced_from - 2].short_sha),
            std::string::npos);
}

TEST_F(SiteVerdicts, the_scaling_table_outlines_the_cell_of_the_newest_commits_regression) {
  // Six commits: the sixth, the newest, adds the imbalance. Its finding is parallel efficiency at
  // 4 ranks (the nearest root of the moved metrics); that one cell of the table is outlined.
  const analysis::ingest::RunSet runs = imbalanced_history(imbalanced_from);
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const fs::path index = build_site({output_, "main", 2}, Templates(TALLY_TEST_TEMPLATES), runs, axis, experiments);
  const std::string region_html = read_text_file(index.parent_path() / "scaling" / "solve.html");
  EXPECT_EQ(count_of(region_html, "gate-regression\""), 1u);
  EXPECT_NE(region_html.find(" gate-regression\" title=\"tally gate against " +
                             axis.commits[imbalanced_from - 2].short_sha + ": regression: solve: parallel efficiency"),
            std::string::npos)
      << region_html;
}

TEST_F(SiteVerdicts, the_sites_rules_decide_its_verdicts) {
  // The project's rules ignore every metric of solve: nothing is checked, every commit passes.
  SiteRequest request{output_, "main", 2};
  gate::RuleOverride ignore_solve;
  ignore_solve.regions = "solve";
  ignore_solve.direction = gate::Direction::ignored;
  request.gate_config.rules.push_back(ignore_solve);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs_, axis_, std::nullopt);
  const std::string index_html =
      read_text_file(build_site(request, Templates(TALLY_TEST_TEMPLATES), runs_, axis_, experiments));
  EXPECT_EQ(count_of(index_html, "verdict-regression"), 0u);
  EXPECT_EQ(count_of(index_html, "class=\"verdict verdict-pass\">pass</span>"), 7u + 1u);
}

} // namespace
} // namespace tally::pages
