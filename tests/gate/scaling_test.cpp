// SPDX-License-Identifier: BSD-3-Clause
// Scaling regressions in the gate: metrics across runs (computation scalability, global
// efficiency) checked against each commit's own reference configuration, on hand-built documents
// without noise; and rules that check nothing are named.
#include "gate/compare.hpp"
#include "gate/decision.hpp"
#include "gate/rule_usage.hpp"

#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

namespace tally::gate {
namespace {

using model::MetricId;

constexpr double work_ns = 1e9;     ///< the program's total useful time, split evenly over the ranks
constexpr double repeated_ns = 1e8; ///< what commit k4 adds on every rank

/// The candidate k4 against k3 and a history of two commits before it: three jobs, which tell how
/// far a job's state moves a metric (without them a kept move is inconclusive: decision.hpp).
const CommitSelection newest_against_three_jobs{{"k4"}, {"k3"}, {{"k2"}, {"k1"}}};

/// Three identical repetitions per commit at 1, 2 and 4 ranks: each rank computes work/P, plus
/// `repeated` when set, and never waits (elapsed = its useful time). With counters, 2 instructions
/// and 1 cycle per useful nanosecond.
analysis::ingest::RunSet history(bool counters) {
  analysis::ingest::RunSet runs;
  for (int commit = 1; commit <= 4; ++commit) {
    for (std::uint64_t ranks : {1u, 2u, 4u}) {
      const double per_rank = work_ns / static_cast<double>(ranks) + (commit == 4 ? repeated_ns : 0.0);
      const auto useful = static_cast<std::uint64_t>(per_rank);
      for (int repetition = 0; repetition < 3; ++repetition) {
        analysis::testing::RunShape shape;
        shape.commit = "k" + std::to_string(commit);
        shape.commit_time = "2026-01-0" + std::to_string(commit) + "T00:00:00Z";
        shape.ranks = ranks;
        std::optional<model::CounterRaw> counted;
        if (counters) counted = model::CounterRaw{2 * useful * ranks, useful * ranks};
        analysis::ingest::LoadedRun run =
            analysis::testing::make_run_of_ranks(shape, useful, std::vector<std::uint64_t>(ranks, useful), counted);
        run.document.run.id += "-" + std::to_string(repetition);
        runs.runs.push_back(std::move(run));
      }
    }
  }
  return runs;
}

const Check* check_of(const GateResult& result, MetricId metric, std::uint64_t ranks) {
  const auto found = std::find_if(result.checks.begin(), result.checks.end(), [&](const Check& check) {
    return check.metric == metric && check.configuration.ranks == ranks;
  });
  return found == result.checks.end() ? nullptr : &*found;
}

TEST(Scaling, an_identical_commit_passes_with_scalability_checked_beyond_the_reference) {
  const GateResult result = compare_runs(history(false), {{"k2"}, {"k1"}}, {}, "k2", "2026-01-10");
  EXPECT_EQ(result.overall, Verdict::pass);
  // Scalability is checked at 2 and 4 ranks, not at the reference (1 rank) against itself.
  ASSERT_NE(check_of(result, MetricId::computation_scalability, 4), nullptr);
  EXPECT_NE(check_of(result, MetricId::global_efficiency, 2), nullptr);
  EXPECT_EQ(check_of(result, MetricId::computation_scalability, 1), nullptr);
  EXPECT_DOUBLE_EQ(check_of(result, MetricId::computation_scalability, 4)->result.candidate_median, 1.0);
}

TEST(Scaling, work_every_rank_repeats_fails_on_computation_scalability_at_the_larger_configurations) {
  // Strong scaling against the 1-rank reference: Σ U_ref / Σ U = (W + w) / (W + P·w) with W = 1 s
  // and w = 0.1 s: 1.1/1.2 = 0.917 at 2 ranks, 1.1/1.4 = 0.786 at 4; 1 before. Parallel efficiency
  // stays 1 (no rank waits).
  const GateResult result = compare_runs(history(false), newest_against_three_jobs, {}, "k4", "2026-01-10");
  EXPECT_EQ(result.overall, Verdict::regression);
  const Check* at_4 = check_of(result, MetricId::computation_scalability, 4);
  ASSERT_NE(at_4, nullptr);
  EXPECT_NEAR(at_4->result.candidate_median, 1.1 / 1.4, 1e-6);
  EXPECT_NEAR(at_4->result.change, 100 * (1.1 / 1.4 - 1), 1e-4);
  EXPECT_EQ(at_4->result.verdict, Verdict::regression);
  EXPECT_NEAR(check_of(result, MetricId::computation_scalability, 2)->result.candidate_median, 1.1 / 1.2, 1e-6);
  EXPECT_DOUBLE_EQ(check_of(result, MetricId::parallel_efficiency, 4)->result.candidate_median, 1.0);
  ASSERT_TRUE(result.deciding);
  const Finding& decided = result.findings[*result.deciding];
  EXPECT_EQ(decided.metric, MetricId::computation_scalability);
  ASSERT_EQ(decided.configurations.size(), 2u);
  EXPECT_TRUE(decided.scaling);
  EXPECT_NE(decided.summary.find("computation scalability 1.00 \u2192 0.79"), std::string::npos) << decided.summary;
  EXPECT_NE(decided.summary.find("useful time grows with ranks"), std::string::npos) << decided.summary;
}

TEST(Scaling, with_instruction_counts_the_finding_names_instruction_scaling) {
  // Instructions follow the work: instruction scaling is the whole of the loss, IPC and frequency
  // (2 instructions and 1 cycle per nanosecond everywhere) do not move.
  const GateResult result = compare_runs(history(true), newest_against_three_jobs, {}, "k4", "2026-01-10");
  ASSERT_TRUE(result.deciding);
  const Finding& decided = result.findings[*result.deciding];
  EXPECT_EQ(decided.metric, MetricId::computation_scalability);
  EXPECT_NE(decided.summary.find("Instruction scaling 100%"), std::string::npos) << decided.summary;
}

/// `commits` commits of one code at 2 GHz whose every rank repeats `repeated_ns`, three identical
/// repetitions each at 1, 2 and 4 ranks, but from commit `first_without` to `last_without` none at
/// 1 rank (their reference at that frequency is then 2 ranks); the newest is the candidate, the one
/// before it the baseline and the others its history.
std::pair<analysis::ingest::RunSet, CommitSelection> same_code_at_2_ghz(int commits, int first_without,
                                                                        int last_without) {
  analysis::ingest::RunSet runs;
  CommitSelection selection{{"k" + std::to_string(commits)}, {"k" + std::to_string(commits - 1)}, {}};
  for (int commit = 1; commit <= commits; ++commit) {
    if (commit < commits - 1) selection.history.insert(selection.history.begin(), {"k" + std::to_string(commit)});
    for (std::uint64_t ranks : {1u, 2u, 4u}) {
      if (commit >= first_without && commit <= last_without && ranks == 1) continue;
      const auto useful = static_cast<std::uint64_t>(work_ns / static_cast<double>(ranks) + repeated_ns);
      for (int repetition = 0; repetition < 3; ++repetition) {
        analysis::testing::RunShape shape;
        shape.commit = "k" + std::to_string(commit);
        shape.commit_time = "2026-01-0" + std::to_string(commit) + "T00:00:00Z";
        shape.ranks = ranks;
        shape.cpu_frequency_khz = 2'000'000;
        analysis::ingest::LoadedRun run =
            analysis::testing::make_run_of_ranks(shape, useful, std::vector<std::uint64_t>(ranks, useful));
        run.document.run.id += "-" + std::to_string(repetition);
        runs.runs.push_back(std::move(run));
      }
    }
  }
  return {runs, selection};
}

TEST(Scaling, commits_without_their_reference_configuration_make_no_scaling_finding_of_unchanged_code) {
  // The code never changed: at 4 ranks Σ U_ref / Σ U is (W + w) / (W + 4w) = 1.1/1.4 = 0.786 against
  // 1 rank, but 2(W/2 + w) / (W + 4w) = 1.2/1.4 = 0.857 against 2 ranks at the commits whose 1-rank
  // runs are missing. The candidate ran at 1 rank; judged against the values of commits whose
  // reference was another configuration, it reads 8.3% lower than its baseline without any change.
  for (const auto& [commits, first, last] : {std::tuple{8, 5, 7}, std::tuple{2, 1, 1}}) {
    const auto [runs, selection] = same_code_at_2_ghz(commits, first, last);
    const std::string candidate = "k" + std::to_string(commits);
    const GateResult result = compare_runs(runs, selection, {}, candidate, "2026-01-10");
    const Check* at_4 = check_of(result, MetricId::computation_scalability, 4);
    ASSERT_NE(at_4, nullptr);
    EXPECT_NEAR(at_4->result.candidate_median, 1.1 / 1.4, 1e-6);
    EXPECT_EQ(at_4->result.verdict, Verdict::pass) << commits << " commits: " << deciding_text(result);
    EXPECT_EQ(result.overall, Verdict::pass) << commits << " commits: " << deciding_text(result);
  }
}

GateResult with_rules(const std::vector<RuleOverride>& rules) {
  GateConfig config;
  config.rules = rules;
  return compare_runs(history(false), {{"k2"}, {"k1"}}, config, "k2", "2026-01-10");
}

RuleOverride rule(std::string metrics, std::string regions = "*") {
  RuleOverride out;
  out.metrics = std::move(metrics);
  out.regions = std::move(regions);
  out.tolerance_percent = 0.5;
  return out;
}

TEST(Scaling, a_rule_on_computation_scalability_applies_and_raises_no_warning) {
  const GateResult result = with_rules({rule("computation_scalability")});
  EXPECT_TRUE(result.unused_rules.empty()) << result.unused_rules.front();
  EXPECT_DOUBLE_EQ(check_of(result, MetricId::computation_scalability, 4)->configured_tolerance, 0.5);
}

TEST(Scaling, a_rule_that_checks_nothing_is_named_with_why) {
  RuleOverride points = rule("computation_scalability");
  points.tolerance_percent.reset();
  points.tolerance_pp = 0.5;
  const GateResult result =
      with_rules({rule("computation_scalabilty"), rule("elapsed_ns", "sovle"), rule("useful_ipc"), points});
  ASSERT_EQ(result.unused_rules.size(), 4u);
  EXPECT_EQ(result.unused_rules[0], "/rules/0 (metrics \"computation_scalabilty\", regions \"*\"): no metric or count "
                                    "is called so (tally gate's metric keys and count names)");
  EXPECT_EQ(result.unused_rules[1],
            "/rules/1 (metrics \"elapsed_ns\", regions \"sovle\"): no region of the compared runs is called so");
  EXPECT_NE(result.unused_rules[2].find("/rules/2 (metrics \"useful_ipc\", regions \"*\"): no run compared here can "
                                        "compute what it names (useful_ipc"),
            std::string::npos)
      << result.unused_rules[2];
  EXPECT_NE(result.unused_rules[3].find("/rules/3 (metrics \"computation_scalability\", regions \"*\"): tolerance_pp "
                                        "applies to efficiencies only"),
            std::string::npos)
      << result.unused_rules[3];
}

TEST(Scaling, a_waiver_for_a_region_absent_from_both_sides_is_named) {
  GateConfig config;
  config.waivers.push_back({.region = "gone", .metric = "*", .commit = "", .reason = "r", .expires = "2027-01-01"});
  const GateResult result = compare_runs(history(false), {{"k2"}, {"k1"}}, config, "k2", "2026-01-10");
  ASSERT_EQ(result.unused_rules.size(), 1u);
  EXPECT_EQ(result.unused_rules[0],
            "/waivers/0 (metrics \"*\", regions \"gone\"): no region of the compared runs is called so");
}

} // namespace
} // namespace tally::gate
