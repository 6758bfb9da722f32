// SPDX-License-Identifier: BSD-3-Clause
// Run events on hand-built documents: a hung candidate run fails the gate and is named in every
// report; a behaviour or idle nodes the baseline did not show warn, and unknown never changes.
#include "gate/compare.hpp"
#include "gate/findings.hpp"
#include "gate/reports.hpp"
#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace tally::gate {
namespace {

using testing::gate_run;
using testing::GateRunShape;

const CommitSelection selection{{"cand"}, {"base"}};

/// Identical runs on both sides (no check moves): two of the baseline and two of the candidate.
analysis::ingest::RunSet quiet_runs() {
  analysis::ingest::RunSet runs;
  for (const char* commit : {"base", "base", "cand", "cand"})
    runs.runs.push_back(gate_run({.commit = commit}));
  // Identical shapes give identical ids: the repetition's number tells them apart.
  for (std::size_t i = 0; i < runs.runs.size(); ++i)
    runs.runs[i].document.run.id += "-" + std::to_string(i);
  return runs;
}

/// Sets the timeline of a run: three 100 ms buckets and the given behaviour and idle nodes.
void set_timeline(analysis::ingest::LoadedRun& run, std::optional<model::Behaviour> behaviour,
                  std::vector<std::string> idle_nodes = {}) {
  run.document.timeline =
      model::Timeline{100'000'000, {1, 1, 1}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, behaviour, std::move(idle_nodes)};
}

GateResult compare(const analysis::ingest::RunSet& runs) {
  return compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
}

TEST(RunEvents, a_hung_candidate_run_fails_the_gate_and_every_report_names_where) {
  analysis::ingest::RunSet runs = quiet_runs();
  analysis::ingest::LoadedRun hung = gate_run({.commit = "cand"});
  hung.document.run.id = "hung-run";
  hung.document.run.outcome = model::RunOutcome::hung;
  hung.document.run.hang = model::Hang{3, "n002", "MPI_Recv", {"step", "exchange"}, 600'000'000'000};
  runs.runs.push_back(std::move(hung));
  const GateResult result = compare(runs);
  // The hung run is no repetition: the candidate's checks have its two completed runs.
  ASSERT_FALSE(result.checks.empty());
  EXPECT_EQ(result.checks.front().candidate_values.size(), 2u);
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.overall, Verdict::regression);
  EXPECT_EQ(exit_code_of(result), 1);

  const std::string where = "hung: rank 3 (n002) waited 600.00 s in MPI_Recv in region exchange (step > exchange)";
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].verdict, Verdict::regression);
  EXPECT_EQ(findings[0].region, "exchange");
  EXPECT_EQ(findings[0].summary, where + "; run hung-run");

  std::ostringstream stdout_text, markdown, junit, metrics;
  EXPECT_EQ(write_findings(stdout_text, result), 1u);
  EXPECT_EQ(stdout_text.str(), "regression: scaling: " + where + "; run hung-run\n");
  write_markdown(markdown, {"cand", "base"}, result);
  EXPECT_NE(markdown.str().find("| regression | scaling | hung: rank 3 (n002) waited 600.00 s in MPI\\_Recv in region "
                                "exchange (step \\> exchange); run hung-run | 0 |"),
            std::string::npos)
      << markdown.str();
  write_junit(junit, {"cand", "base"}, result);
  EXPECT_NE(junit.str().find("<testcase name=\"scaling: exchange: hung\" classname=\"tally.gate.findings\"><failure "
                             "message=\"hung: rank 3 (n002) waited 600.00 s in MPI_Recv in region exchange (step &gt; "
                             "exchange); run hung-run\""),
            std::string::npos)
      << junit.str();
  write_metrics(metrics, result);
  EXPECT_NE(metrics.str().find("tally_hang_waited_seconds{experiment=\"scaling\",configuration=\"n1-r4-t1-g0\","
                               "run=\"hung-run\",rank=\"3\",host=\"n002\",call=\"MPI_Recv\","
                               "regions=\"step > exchange\"} 600\n"),
            std::string::npos)
      << metrics.str();
}

TEST(RunEvents, a_hung_run_fails_the_gate_without_a_baseline_too) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(gate_run({.commit = "cand"}));
  runs.runs.back().document.run.outcome = model::RunOutcome::hung;
  runs.runs.back().document.run.hang = model::Hang{0, "n001", "MPI_Barrier", {}, 90'000'000'000};
  const GateResult result = compare(runs);
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.run_events[0].description.substr(0, 49), "hung: rank 0 (n001) waited 90.00 s in MPI_Barrier");
  EXPECT_EQ(exit_code_of(result), 1);
}

TEST(RunEvents, stable_to_stall_is_a_warning_that_does_not_fail_the_gate) {
  analysis::ingest::RunSet runs = quiet_runs();
  for (std::size_t i = 0; i < runs.runs.size(); ++i)
    set_timeline(runs.runs[i], i < 2 ? model::Behaviour::stable : model::Behaviour::stall);
  const GateResult result = compare(runs);
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.run_events[0].kind, RunEventKind::behaviour);
  EXPECT_EQ(result.run_events[0].verdict, Verdict::warning);
  EXPECT_EQ(result.run_events[0].description, "behaviour: stable → stall at 1 node · 4 ranks × 1 thread");
  EXPECT_EQ(result.overall, Verdict::warning);
  EXPECT_EQ(exit_code_of(result), 0);
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].verdict, Verdict::warning);
}

TEST(RunEvents, same_behaviour_unknown_behaviour_and_a_change_to_stable_are_no_change) {
  const auto events_of = [](std::optional<model::Behaviour> baseline, std::optional<model::Behaviour> candidate) {
    analysis::ingest::RunSet runs = quiet_runs();
    for (std::size_t i = 0; i < runs.runs.size(); ++i)
      set_timeline(runs.runs[i], i < 2 ? baseline : candidate);
    return compare(runs).run_events.size();
  };
  EXPECT_EQ(events_of(model::Behaviour::stable, model::Behaviour::stable), 0u);
  EXPECT_EQ(events_of(std::nullopt, model::Behaviour::stall), 0u);
  EXPECT_EQ(events_of(model::Behaviour::stall, std::nullopt), 0u);
  EXPECT_EQ(events_of(model::Behaviour::stall, model::Behaviour::stable), 0u);
  // A baseline without any timeline (older documents) is unknown as well.
  analysis::ingest::RunSet runs = quiet_runs();
  set_timeline(runs.runs[2], model::Behaviour::stall, {"n002"});
  EXPECT_TRUE(compare(runs).run_events.empty());
}

TEST(RunEvents, more_idle_nodes_than_the_baseline_had_is_a_warning_naming_them) {
  analysis::ingest::RunSet runs = quiet_runs();
  set_timeline(runs.runs[0], model::Behaviour::stable, {"n004"});
  set_timeline(runs.runs[1], model::Behaviour::stable);
  set_timeline(runs.runs[2], model::Behaviour::stable, {"n002", "n003"});
  set_timeline(runs.runs[3], model::Behaviour::stable, {"n002"});
  const GateResult result = compare(runs);
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.run_events[0].kind, RunEventKind::idle_nodes);
  // The baseline's most: 1 (n004); the candidate's most: 2.
  EXPECT_EQ(result.run_events[0].description, "idle nodes: 1 → 2 (n002, n003) at 1 node · 4 ranks × 1 thread");
  EXPECT_EQ(exit_code_of(result), 0);
}

} // namespace
} // namespace tally::gate
