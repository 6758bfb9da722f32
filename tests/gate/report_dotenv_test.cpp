// SPDX-License-Identifier: BSD-3-Clause
// The verdict for CI scripts on hand-built results: which history verdicts an A/B study should
// confirm (inconclusive, regressions that are only uniform slowdowns, or one job's moves that
// nothing tells from the code), and the KEY=value lines.
#include "gate/reports.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace tally::gate {
namespace {

RunEvent event_of(RunEventKind kind) {
  RunEvent event;
  event.kind = kind;
  return event;
}

Finding regression_of_event(std::size_t event) {
  Finding finding;
  finding.run_event = event;
  return finding;
}

Finding elapsed_regression(std::size_t check) {
  Finding finding;
  finding.metric = model::MetricId::elapsed_ns;
  finding.checks = {check};
  return finding;
}

/// A regression whose only finding is the whole run's uniform move along the history.
GateResult uniform_only() {
  GateResult result;
  result.overall = Verdict::regression;
  result.run_events.push_back(event_of(RunEventKind::uniform));
  result.findings.push_back(regression_of_event(0));
  return result;
}

TEST(VerdictForScripts, an_inconclusive_history_verdict_asks_for_an_ab_study) {
  GateResult result;
  result.overall = Verdict::inconclusive;
  EXPECT_EQ(confirmation_of(result, false), Confirmation::inconclusive);
}

TEST(VerdictForScripts, a_uniform_slowdown_alone_asks_for_an_ab_study_along_a_history_not_in_one) {
  EXPECT_EQ(confirmation_of(uniform_only(), false), Confirmation::uniform);
  // Paired on one runner, the uniform move is the code's: the verdict stands.
  EXPECT_EQ(confirmation_of(uniform_only(), true), Confirmation::none);
}

TEST(VerdictForScripts, elapsed_times_diagnosed_as_a_slower_runner_ask_for_an_ab_study) {
  GateResult result;
  result.overall = Verdict::regression;
  result.checks.resize(2);
  result.checks[0].diagnosis = "uniform slowdown, identical work: the runner may be slower";
  result.findings.push_back(elapsed_regression(0));
  EXPECT_EQ(confirmation_of(result, false), Confirmation::uniform);
  // An elapsed time without that diagnosis is a region's own regression.
  result.findings.push_back(elapsed_regression(1));
  EXPECT_EQ(confirmation_of(result, false), Confirmation::none);
}

/// An elapsed-time check of `region` with its verdict.
Check elapsed_check(const std::string& region, Verdict verdict) {
  Check check;
  check.experiment = "solver";
  check.region = region;
  check.metric = model::MetricId::elapsed_ns;
  check.result.verdict = verdict;
  return check;
}

TEST(VerdictForScripts, every_region_slower_asks_for_an_ab_study_whatever_moved_beside) {
  // Global, setup and solve each slower at some configuration, and parallel efficiency 1.3 pp lower
  // at 2 ranks besides: a slower runner does as much.
  GateResult result;
  result.overall = Verdict::regression;
  result.checks = {elapsed_check("Global", Verdict::regression), elapsed_check("setup", Verdict::pass),
                   elapsed_check("setup", Verdict::regression), elapsed_check("solve", Verdict::regression)};
  Check efficiency = elapsed_check("Global", Verdict::regression);
  efficiency.metric = model::MetricId::parallel_efficiency;
  result.checks.push_back(efficiency);
  Finding lower;
  lower.metric = model::MetricId::parallel_efficiency;
  lower.checks = {4};
  result.findings = {elapsed_regression(0), elapsed_regression(2), elapsed_regression(3), lower};
  EXPECT_EQ(confirmation_of(result, false), Confirmation::uniform);
  // One region at its usual time: the others' regression is the code's.
  result.checks[3].result.verdict = Verdict::pass;
  EXPECT_EQ(confirmation_of(result, false), Confirmation::none);
  // Every region slower beside a hung run: the hang stands.
  result.checks[3].result.verdict = Verdict::regression;
  result.run_events.push_back(event_of(RunEventKind::hung));
  result.findings.push_back(regression_of_event(0));
  EXPECT_EQ(confirmation_of(result, false), Confirmation::none);
}

TEST(VerdictForScripts, a_regression_beside_the_uniform_move_or_a_hang_stands) {
  GateResult result = uniform_only();
  Finding region = elapsed_regression(0);
  result.checks.resize(1);
  result.findings.push_back(region);
  EXPECT_EQ(confirmation_of(result, false), Confirmation::none);

  GateResult hung;
  hung.overall = Verdict::regression;
  hung.run_events.push_back(event_of(RunEventKind::hung));
  hung.findings.push_back(regression_of_event(0));
  EXPECT_EQ(confirmation_of(hung, false), Confirmation::none);
}

TEST(VerdictForScripts, a_move_of_one_job_a_side_that_nothing_tells_is_confirmed_as_such) {
  // A load balance kept at 2 ranks of a program of Global and one region, the baseline and the
  // candidate alone: nothing in the comparison tells its job's state from the code, so the verdict
  // rule left it inconclusive.
  GateResult result;
  result.overall = Verdict::inconclusive;
  result.checks = {elapsed_check("solve", Verdict::inconclusive), elapsed_check("Global", Verdict::pass)};
  result.checks[0].metric = model::MetricId::mpi_load_balance;
  result.checks[0].job_state_untold = true;
  Finding balance;
  balance.verdict = Verdict::inconclusive;
  balance.worse = true;
  balance.metric = model::MetricId::mpi_load_balance;
  balance.checks = {0, 1};
  result.findings = {balance};
  EXPECT_EQ(confirmation_of(result, false), Confirmation::one_job);
  EXPECT_EQ(confirmation_of(result, true), Confirmation::none);
  // Left inconclusive for another reason (a large move the family did not keep): the plain reason.
  result.checks[0].job_state_untold = false;
  EXPECT_EQ(confirmation_of(result, false), Confirmation::inconclusive);
}

TEST(VerdictForScripts, a_pass_or_an_improvement_needs_no_confirmation) {
  GateResult result;
  EXPECT_EQ(confirmation_of(result, false), Confirmation::none);
  result.overall = Verdict::improvement;
  EXPECT_EQ(confirmation_of(result, false), Confirmation::none);
}

TEST(VerdictForScripts, the_dotenv_lines_name_verdict_exit_code_confirmation_and_commits) {
  std::ostringstream out;
  write_dotenv(out, uniform_only(), {"c0ffee11", "ba5e0001", false});
  EXPECT_EQ(out.str(), "TALLY_VERDICT=regression\n"
                       "TALLY_VERDICT_EXIT_CODE=1\n"
                       "TALLY_VERDICT_CONFIRM=uniform\n"
                       "TALLY_VERDICT_CANDIDATE=c0ffee11\n"
                       "TALLY_VERDICT_BASELINE=ba5e0001\n");

  GateResult no_baseline;
  no_baseline.overall = Verdict::no_baseline;
  std::ostringstream none;
  write_dotenv(none, no_baseline, {"c0ffee11", "", false});
  EXPECT_EQ(none.str(), "TALLY_VERDICT=no_baseline\n"
                        "TALLY_VERDICT_EXIT_CODE=0\n"
                        "TALLY_VERDICT_CONFIRM=none\n"
                        "TALLY_VERDICT_CANDIDATE=c0ffee11\n"
                        "TALLY_VERDICT_BASELINE=\n");
}

} // namespace
} // namespace tally::gate
