// SPDX-License-Identifier: BSD-3-Clause
// Checks grouped into findings on synthetic runs whose cause is known by construction.
#include "gate/findings.hpp"
#include "gate/reports.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

namespace tally::gate {
namespace {

using model::MetricId;
using testing::gate_run;
using testing::GateRunShape;
using testing::Noise;

/// Three commits before the baseline that ran as it did: a steady history of four jobs, whose
/// medians tell how far one job's state moves a metric (without them a kept move is inconclusive:
/// one job a side, decision.hpp).
const CommitSelection selection{{"cand"}, {"base"}, {{"h1"}, {"h2"}, {"h3"}}};

/// What the candidate changes in one region at one configuration.
struct Change {
  std::string region;
  std::uint64_t ranks;
  double load_balance = 1;
  double useful = 1;
};

/// Five repetitions at every commit of `selection` (the history's shaped as the baseline's), at 4 and
/// 8 ranks, of `regions` (name, average useful time), the
/// candidate changed as `changes` say; each region's parent in the region tree as `parents` say
/// (none: the runs record no tree).
GateResult compare(const std::vector<std::pair<std::string, double>>& regions, const std::vector<Change>& changes,
                   const std::map<std::string, std::string>& parents = {}) {
  Noise noise(11);
  Noise history_noise(12); // its own draws: the baseline's and the candidate's stay as they were
  analysis::ingest::RunSet runs;
  for (std::string commit : {"base", "cand"}) {
    for (std::uint64_t ranks : {4u, 8u}) {
      for (const auto& [region, useful] : regions) {
        GateRunShape shape{commit, region, ranks, useful};
        for (const Change& change : changes) {
          if (commit != "cand" || change.region != region || change.ranks != ranks) continue;
          shape.load_balance *= change.load_balance;
          shape.useful_avg_ns *= change.useful;
        }
        for (int i = 0; i < 5; ++i) {
          const std::vector<std::string> ran_as =
              commit == "base" ? std::vector<std::string>{"base", "h1", "h2", "h3"} : std::vector<std::string>{commit};
          for (const std::string& run_commit : ran_as) {
            GateRunShape at = shape;
            at.commit = run_commit;
            runs.runs.push_back(gate_run(run_commit == commit ? noise.apply(at) : history_noise.apply(at)));
            if (const auto parent = parents.find(region); parent != parents.end())
              runs.runs.back().document.regions.front().parent = parent->second;
          }
        }
      }
    }
  }
  return compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
}

bool has_check(const Finding& finding, const GateResult& result, MetricId metric) {
  return std::any_of(finding.checks.begin(), finding.checks.end(),
                     [&](std::size_t index) { return result.checks[index].metric == metric; });
}

TEST(Findings, one_load_imbalance_is_one_finding_of_parallel_efficiency_holding_every_level) {
  const GateResult result = compare({{"timestep", 1e9}, {"io", 1e8}}, {{"timestep", 4, 0.9}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  const Finding& finding = findings.front();
  EXPECT_EQ(finding.verdict, Verdict::regression);
  EXPECT_EQ(finding.region, "timestep");
  // 0.95 · 0.95 → 0.855 · 0.95: parallel efficiency is the highest level checked by default.
  EXPECT_EQ(finding.metric, MetricId::parallel_efficiency);
  ASSERT_EQ(finding.configurations.size(), 1u);
  EXPECT_EQ(finding.configurations.front().ranks, 4u);
  EXPECT_FALSE(finding.scaling);
  EXPECT_TRUE(has_check(finding, result, MetricId::mpi_load_balance));
  EXPECT_TRUE(has_check(finding, result, MetricId::mpi_parallel_efficiency));
  // Elapsed time grows by 1/0.9 with the imbalance: explained by the efficiency, not a finding.
  EXPECT_TRUE(has_check(finding, result, MetricId::elapsed_ns));
  EXPECT_NE(finding.summary.find("MPI parallel efficiency"), std::string::npos) << finding.summary;
  EXPECT_NE(finding.summary.find("MPI load balance"), std::string::npos) << finding.summary;
}

TEST(Findings, the_same_cause_at_two_configurations_is_one_finding) {
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 4, 0.9}, {"timestep", 8, 0.9}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  ASSERT_EQ(findings.front().configurations.size(), 2u);
  EXPECT_EQ(findings.front().configurations[0].ranks, 4u);
  EXPECT_EQ(findings.front().configurations[1].ranks, 8u);
  EXPECT_FALSE(findings.front().scaling);
}

TEST(Findings, one_regions_moves_of_different_metrics_at_different_scales_are_one_finding) {
  // The candidate's timestep loses 20% of its load balance at 4 ranks (its parallel efficiency
  // falls from 0.9025 to 0.722, a cost of 20% of the run) and does 30% more work at 8 ranks (its
  // computation scalability against the 4 ranks falls by 1/1.3, 23%, which explains its elapsed
  // time): two roots of the metric tree, one change of its code. One finding, headed by the larger
  // cost, the computation scalability at 8 ranks; the parallel efficiency at 4 ranks follows in its
  // summary and its checks under it.
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 4, 0.8}, {"timestep", 8, 1.0, 1.3}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  const Finding& finding = findings.front();
  EXPECT_EQ(finding.metric, MetricId::computation_scalability);
  ASSERT_EQ(finding.configurations.size(), 1u);
  EXPECT_EQ(finding.configurations.front().ranks, 8u);
  EXPECT_TRUE(has_check(finding, result, MetricId::parallel_efficiency));
  EXPECT_TRUE(has_check(finding, result, MetricId::elapsed_ns));
  // 0.95 · 0.95 = 0.9025 before (the level of four commits, each within its noise), 0.722 after.
  EXPECT_NE(finding.summary.find("; with parallel efficiency 0.9"), std::string::npos) << finding.summary;
  EXPECT_NE(finding.summary.find(" \u2192 0.72 ("), std::string::npos) << finding.summary;
  EXPECT_NE(finding.summary.find("at 4 ranks (MPI parallel efficiency"), std::string::npos) << finding.summary;
}

TEST(Findings, a_cause_seen_only_at_the_larger_configuration_is_a_scaling_regression) {
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 8, 0.9}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_TRUE(findings.front().scaling);
  EXPECT_NE(findings.front().summary.find("a scaling regression"), std::string::npos) << findings.front().summary;
}

TEST(Findings, a_cause_at_every_configuration_of_one_cpu_frequency_is_no_scaling_regression) {
  // 4 ranks asked for 2 GHz; 4 and 8 ranks asked for 2.4 GHz; the candidate loses 10% of its
  // balance at both 2.4 GHz configurations. Each frequency scales against its own fewest resources:
  // 4 ranks at 2.4 GHz shows the cause, so it is a regression at 2.4 GHz, not a scaling one. Two
  // commits before the baseline are the history of jobs: with the baseline and the candidate alone,
  // a move at two of three configurations is as far as the third's job moved, and inconclusive
  // (configuration_spread.hpp).
  Noise noise(13);
  analysis::ingest::RunSet runs;
  for (std::string commit : {"h1", "h2", "base", "cand"}) {
    for (const auto& [ranks, khz] : {std::pair{4u, 2'000'000u}, std::pair{4u, 2'400'000u}, std::pair{8u, 2'400'000u}}) {
      GateRunShape shape{commit, "timestep", ranks, 1e9};
      if (commit == "cand" && khz == 2'400'000u) shape.load_balance *= 0.9;
      for (int i = 0; i < 5; ++i) {
        runs.runs.push_back(gate_run(noise.apply(shape)));
        analysis::ingest::LoadedRun& run = runs.runs.back();
        run.document.resources.cpu_frequency_khz = khz;
        run.document.run.id += "-f" + std::to_string(khz);
        run.file = run.document.run.id + ".json";
      }
    }
  }
  const CommitSelection with_history{{"cand"}, {"base"}, {{"h2"}, {"h1"}}};
  const std::vector<Finding> findings =
      find_causes(compare_runs(runs, with_history, GateConfig{}, "cand", "2026-01-01"));
  ASSERT_EQ(findings.size(), 1u);
  const Finding& finding = findings.front();
  ASSERT_EQ(finding.configurations.size(), 2u);
  EXPECT_EQ(finding.configurations[0].key(), "n1-r4-t1-g0-f2400000");
  EXPECT_EQ(finding.configurations[1].key(), "n1-r8-t1-g0-f2400000");
  EXPECT_FALSE(finding.scaling) << finding.summary;
  EXPECT_NE(finding.summary.find("at 1 node · 4 ranks × 1 thread · 2.4 GHz"), std::string::npos) << finding.summary;
}

TEST(Findings, a_parent_region_moved_by_its_child_is_listed_under_the_child) {
  // solve holds 80% of Global's time and loses 10% of its balance; Global's balance then moves
  // by about 0.8 × solve's move (set to 0.92 here), well over half of it.
  const GateResult result = compare({{"Global", 1e9}, {"solve", 8e8}}, {{"Global", 4, 0.92}, {"solve", 4, 0.9}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings.front().region, "solve");
  EXPECT_EQ(findings.front().explained_regions, std::vector<std::string>{"Global"});
}

TEST(Findings, a_child_region_too_small_to_explain_its_parent_leaves_two_findings) {
  // 5% of the time: 0.05 × solve's move is far from half of Global's.
  const GateResult result = compare({{"Global", 1e9}, {"solve", 5e7}}, {{"Global", 4, 0.9}, {"solve", 4, 0.9}});
  EXPECT_EQ(find_causes(result).size(), 2u);
}

TEST(Findings, a_sibling_region_never_explains_a_region_it_did_not_run_inside) {
  // output (8e8) loses 10% of its balance and step (9e8) 8%: 8/9 × output's move is over half of
  // step's, so by time alone output explains step; the tree says both ran directly in Global.
  const std::vector<std::pair<std::string, double>> regions{{"step", 9e8}, {"output", 8e8}};
  const std::vector<Change> changes{{"step", 4, 0.92}, {"output", 4, 0.9}};
  ASSERT_EQ(find_causes(compare(regions, changes)).size(), 1u);
  EXPECT_EQ(find_causes(compare(regions, changes, {{"step", "Global"}, {"output", "Global"}})).size(), 2u);
}

TEST(Findings, a_region_two_levels_down_explains_its_grandparent) {
  // Global > step > solve; step did not move, solve's move (80% of Global's time, balance × 0.9)
  // is over half of Global's (× 0.92): Global's finding goes under solve through step.
  const GateResult result = compare({{"Global", 1e9}, {"step", 9e8}, {"solve", 8e8}},
                                    {{"Global", 4, 0.92}, {"solve", 4, 0.9}}, {{"step", "Global"}, {"solve", "step"}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings.front().region, "solve");
  EXPECT_EQ(findings.front().explained_regions, std::vector<std::string>{"Global"});
}

/// A check of `region` at 4 ranks whose verdict and medians are set by hand (the region's elapsed
/// time `elapsed_ns` on both sides, for the time shares).
Check decided_check(const std::string& region, MetricId metric, Verdict verdict, double from, double to,
                    double elapsed_ns, std::optional<std::string> parent) {
  Check check;
  check.experiment = "strong";
  check.region = region;
  check.configuration = analysis::Configuration{1, 4, 1, 0};
  check.metric = metric;
  check.result.verdict = verdict;
  check.result.baseline_median = from;
  check.result.candidate_median = to;
  check.result.worse = to < from;
  check.baseline_medians.set(MetricId::elapsed_ns, elapsed_ns);
  check.candidate_medians.set(MetricId::elapsed_ns, elapsed_ns);
  check.parent = std::move(parent);
  return check;
}

TEST(Findings, a_regions_efficiency_explains_the_load_balance_its_parent_lost_alone) {
  // Global's parallel efficiency fell too little to be confirmed, its load balance was: Global's
  // finding is load balance. solve (80% of Global's time) lost parallel efficiency, its load
  // balance with it (explained in solve by the efficiency): solve's load balance fell 0.19, 0.152
  // of Global's time-weighted, more than half of Global's 0.17: one finding, solve's, explaining Global.
  GateResult result;
  result.checks = {
      decided_check("Global", MetricId::parallel_efficiency, Verdict::inconclusive, 0.98, 0.82, 1e9, std::nullopt),
      decided_check("Global", MetricId::mpi_load_balance, Verdict::regression, 0.99, 0.82, 1e9, std::nullopt),
      decided_check("solve", MetricId::parallel_efficiency, Verdict::regression, 1.00, 0.81, 8e8, "Global"),
      decided_check("solve", MetricId::mpi_load_balance, Verdict::regression, 1.00, 0.81, 8e8, "Global")};
  std::vector<Finding> findings = find_causes(result);
  std::erase_if(findings, [](const Finding& finding) { return finding.verdict != Verdict::regression; });
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings.front().region, "solve");
  EXPECT_EQ(findings.front().metric, MetricId::parallel_efficiency);
  EXPECT_EQ(findings.front().explained_regions, std::vector<std::string>{"Global"});
  // Had solve's load balance fell 0.10 (0.08 of Global's time-weighted, under half of 0.17), Global
  // keeps its own finding.
  result.checks[3].result.candidate_median = 0.90;
  findings = find_causes(result);
  std::erase_if(findings, [](const Finding& finding) { return finding.verdict != Verdict::regression; });
  EXPECT_EQ(findings.size(), 2u);
}

TEST(Findings, elapsed_time_without_an_efficiency_move_is_a_finding_that_names_computation) {
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 4, 1.0, 1.2}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings.front().metric, MetricId::elapsed_ns);
  // Efficiencies unchanged: all of the 20% comes from useful time (noise moves it a little).
  EXPECT_NE(findings.front().summary.find("from computation (useful time)"), std::string::npos)
      << findings.front().summary;
}

TEST(Findings, a_better_balance_is_an_improvement_finding) {
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 4, 1.05}});
  const std::vector<Finding> findings = find_causes(result);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings.front().verdict, Verdict::improvement);
}

TEST(Findings, terminal_lines_start_with_the_verdict_word) {
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 4, 0.9}});
  std::ostringstream out;
  write_findings(out, result);
  const std::string text = out.str();
  EXPECT_EQ(text.rfind("regression: scaling: timestep: parallel efficiency", 0), 0u) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
}

TEST(Findings, markdown_opens_with_the_findings_and_folds_every_check) {
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 4, 0.9}});
  std::ostringstream out;
  write_markdown(out, {"cand", "base"}, result);
  const std::string text = out.str();
  EXPECT_EQ(text.rfind("## tally gate: regression\n", 0), 0u);
  const auto table = text.find("| regression | scaling | timestep: parallel efficiency");
  const auto details = text.find("<details><summary>All " + std::to_string(result.checks.size()) + " checks");
  ASSERT_NE(table, std::string::npos) << text;
  ASSERT_NE(details, std::string::npos) << text;
  EXPECT_LT(table, details);
  EXPECT_NE(text.find("timestep @ 1 node · 4 ranks × 1 thread: MPI load balance", details), std::string::npos) << text;
}

TEST(Findings, markdown_over_its_limit_leaves_the_checks_out_for_a_link) {
  const GateResult result = compare({{"timestep", 1e9}}, {{"timestep", 4, 0.9}});
  std::ostringstream full, cut;
  write_markdown(full, {"cand", "base"}, result);
  const MarkdownLimit limit{full.str().size() - 1, "https://example.org/site/"};
  write_markdown(cut, {"cand", "base"}, result, limit);
  EXPECT_LE(cut.str().size(), limit.max_bytes);
  EXPECT_EQ(cut.str().find("<details>"), std::string::npos);
  EXPECT_NE(cut.str().find("are at https://example.org/site/"), std::string::npos) << cut.str();
  EXPECT_NE(cut.str().find("| regression | scaling | timestep"), std::string::npos) << cut.str();
}

} // namespace
} // namespace tally::gate
