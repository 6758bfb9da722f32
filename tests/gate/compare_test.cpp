// SPDX-License-Identifier: BSD-3-Clause
// Baseline against candidate on synthetic runs whose truth is known.
#include "gate/attribution.hpp"
#include "gate/compare.hpp"
#include "gate/decision.hpp"
#include "gate/reports.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace tally::gate {
namespace {

using model::MetricId;
using testing::gate_run;
using testing::GateRunShape;
using testing::Noise;

const CommitSelection selection{{"cand"}, {"base"}};
/// Two commits before the baseline: three jobs whose medians tell how far one job's state moves a
/// metric, without which a kept move is inconclusive (one job a side: decision.hpp).
const CommitSelection with_history{{"cand"}, {"base"}, {{"h1"}, {"h2"}}};

void add_runs(analysis::ingest::RunSet& runs, GateRunShape shape, int repetitions, Noise& noise) {
  for (int i = 0; i < repetitions; ++i)
    runs.runs.push_back(gate_run(noise.apply(shape)));
}

const Check* find_check(const GateResult& result, const std::string& region, MetricId metric, std::uint64_t ranks = 4) {
  for (const Check& check : result.checks) {
    if (check.region == region && check.metric == metric && check.configuration.ranks == ranks) return &check;
  }
  return nullptr;
}

/// Five repetitions of two regions at 4 and 8 ranks at every commit of `with_history`; `timestep`
/// at 4 ranks of the candidate loses 10% of its load balance.
analysis::ingest::RunSet imbalance_history(std::uint64_t seed) {
  Noise noise(seed);
  analysis::ingest::RunSet runs;
  for (std::string commit : {"h2", "h1", "base", "cand"}) {
    for (std::uint64_t ranks : {4u, 8u}) {
      for (std::string region : {"timestep", "io"}) {
        GateRunShape shape{commit, region, ranks};
        if (commit == "cand" && region == "timestep" && ranks == 4) shape.load_balance *= 0.9;
        add_runs(runs, shape, 5, noise);
      }
    }
  }
  return runs;
}

TEST(Compare, injected_load_imbalance_is_a_regression_of_that_region_and_configuration_only) {
  const analysis::ingest::RunSet runs = imbalance_history(7);
  const GateResult result = compare_runs(runs, with_history, GateConfig{}, "cand", "2026-01-01");
  EXPECT_EQ(result.overall, Verdict::regression);
  EXPECT_EQ(exit_code_of(result), 1);
  const Check* balance = find_check(result, "timestep", MetricId::mpi_load_balance);
  ASSERT_NE(balance, nullptr);
  EXPECT_EQ(balance->result.verdict, Verdict::regression);
  EXPECT_EQ(balance->result.evidence, Evidence::repetition_spread);
  EXPECT_NEAR(balance->result.change, -9.5, 1.0); // 0.95 -> 0.855
  EXPECT_LT(*balance->result.p_value, 0.05);
  const Check* parallel = find_check(result, "timestep", MetricId::parallel_efficiency);
  EXPECT_EQ(parallel->result.verdict, Verdict::regression);
  // Attributed to MPI load balance: communication efficiency did not change beyond noise.
  const auto parts = attribute(MetricId::parallel_efficiency, parallel->baseline_medians, parallel->candidate_medians);
  const auto balance_part = std::find_if(parts.begin(), parts.end(),
                                         [](const Contribution& part) { return part.name == "MPI load balance"; });
  ASSERT_NE(balance_part, parts.end());
  EXPECT_GT(balance_part->share, 0.8);
  EXPECT_NE(describe(*parallel).find("% MPI load balance"), std::string::npos) << describe(*parallel);
  for (const Check& check : result.checks) {
    if (check.region == "io" || check.configuration.ranks == 8) {
      EXPECT_NE(check.result.verdict, Verdict::regression)
          << check.region << " " << model::metric_info(check.metric).key;
    }
  }
}

TEST(Compare, identical_distributions_raise_a_regression_in_fewer_than_two_percent_of_200_trials) {
  int trials_with_regression = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Noise noise(seed * 7919);
    analysis::ingest::RunSet runs;
    add_runs(runs, GateRunShape{"base"}, 5, noise);
    add_runs(runs, GateRunShape{"cand"}, 5, noise);
    if (compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01").overall == Verdict::regression)
      ++trials_with_regression;
  }
  EXPECT_LT(trials_with_regression, 4); // < 2% of 200
}

TEST(Compare, without_baseline_runs_the_verdict_is_no_baseline_and_exit_zero) {
  Noise noise(3);
  analysis::ingest::RunSet runs;
  add_runs(runs, GateRunShape{"cand"}, 3, noise);
  const GateResult result = compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
  EXPECT_EQ(result.overall, Verdict::no_baseline);
  EXPECT_EQ(exit_code_of(result), 0);
  EXPECT_TRUE(result.checks.empty());
}

TEST(Compare, one_repetition_a_side_is_inconclusive_beyond_the_tolerance) {
  // One run each: no spread to tell load balance 0.95 → 0.85 from one job's noise. Beyond the 2 pp
  // tolerance it is inconclusive (repetitions or an A/B study settle it), not a regression.
  analysis::ingest::RunSet runs;
  runs.runs.push_back(gate_run({"base"}));
  GateRunShape worse{"cand"};
  worse.load_balance = 0.85;
  runs.runs.push_back(gate_run(worse));
  const GateResult result = compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
  const Check* balance = find_check(result, "timestep", MetricId::mpi_load_balance);
  ASSERT_NE(balance, nullptr);
  EXPECT_EQ(balance->result.verdict, Verdict::inconclusive);
  EXPECT_EQ(balance->result.evidence, Evidence::tolerance_only);
  EXPECT_FALSE(balance->result.p_value);
  EXPECT_EQ(find_check(result, "timestep", MetricId::mpi_communication_efficiency)->result.verdict, Verdict::pass);
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  EXPECT_EQ(exit_code_of(result), 0);
}

TEST(Compare, three_repetitions_a_side_keep_a_move_against_their_own_spread_that_one_job_a_side_leaves_inconclusive) {
  Noise noise(11);
  analysis::ingest::RunSet runs;
  add_runs(runs, GateRunShape{"base"}, 3, noise);
  GateRunShape worse{"cand"};
  worse.load_balance = 0.85;
  add_runs(runs, worse, 3, noise);
  const GateResult result = compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
  const Check* balance = find_check(result, "timestep", MetricId::mpi_load_balance);
  ASSERT_NE(balance, nullptr);
  EXPECT_EQ(balance->result.evidence, Evidence::repetition_spread);
  // 0.95 → 0.85 against a spread of about 0.5% of 0.95 per run: far beyond any family's line.
  ASSERT_TRUE(balance->result.p_value);
  EXPECT_LT(*balance->result.p_value, 0.01);
  EXPECT_TRUE(balance->result.kept);
  // But the repetitions share their job's state, and with no history of jobs and one region
  // nothing tells that state from the code: inconclusive, and an A/B study settles it.
  EXPECT_TRUE(balance->job_state_untold);
  EXPECT_EQ(balance->result.verdict, Verdict::inconclusive);
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  EXPECT_EQ(exit_code_of(result), 0);
  EXPECT_EQ(confirmation_of(result, false), Confirmation::one_job);
}

TEST(Compare, different_cpu_model_is_not_compared_and_says_why) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(gate_run({"base"}));
  GateRunShape worse{"cand"};
  worse.load_balance = 0.5;
  runs.runs.push_back(gate_run(worse));
  runs.runs.back().document.environment.cpu_model = "EPYC 7763";
  const GateResult result = compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
  EXPECT_TRUE(result.checks.empty());
  ASSERT_EQ(result.not_compared.size(), 1u);
  EXPECT_EQ(result.not_compared[0],
            "scaling @ 1 node · 4 ranks × 1 thread: CPU model differs: 'cpu' (baseline) vs 'EPYC 7763' (candidate)");
  EXPECT_EQ(exit_code_of(result), 0);
}

TEST(Compare, new_and_removed_regions_are_listed_not_regressions) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(gate_run({"base", "old_solver"}));
  runs.runs.push_back(gate_run({"cand", "new_solver"}));
  const GateResult result = compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
  ASSERT_EQ(result.new_regions.size(), 1u);
  EXPECT_EQ(result.new_regions[0].region, "new_solver");
  ASSERT_EQ(result.removed_regions.size(), 1u);
  EXPECT_EQ(result.removed_regions[0].region, "old_solver");
  EXPECT_EQ(result.overall, Verdict::pass);
}

TEST(Compare, a_candidate_whose_every_configuration_is_new_has_no_baseline_not_a_pass) {
  // The baseline ran 2 ranks, the candidate 4 only: no cell to compare, so nothing passed.
  analysis::ingest::RunSet runs;
  runs.runs.push_back(gate_run({"base", "solver", 2}));
  runs.runs.push_back(gate_run({"cand", "solver", 4}));
  const GateResult result = compare_runs(runs, selection, GateConfig{}, "cand", "2026-01-01");
  EXPECT_TRUE(result.checks.empty());
  ASSERT_EQ(result.new_configurations.size(), 1u);
  EXPECT_EQ(result.overall, Verdict::no_baseline);
  EXPECT_EQ(exit_code_of(result), 0);
  EXPECT_NE(deciding_text(result).find("no configuration of the candidate ran before it (1 new)"), std::string::npos)
      << deciding_text(result);
}

TEST(Compare, configurations_on_one_side_are_listed_and_one_the_baseline_missed_is_judged_against_its_history) {
  // timestep at 4 ranks every commit; at 8 ranks at h3, h2 and h1 (the history, newest h1) but not
  // at the baseline, and 10% less load balanced in the candidate; at 16 ranks in the candidate only;
  // at 2 ranks at the baseline only. The 8 ranks' baseline is h1, its history h3 and h2.
  Noise noise(11);
  analysis::ingest::RunSet runs;
  for (const std::string commit : {"h3", "h2", "h1", "base", "cand"}) {
    add_runs(runs, {commit, "timestep", 4}, 5, noise);
    GateRunShape eight{commit, "timestep", 8};
    if (commit == "cand") eight.load_balance *= 0.9;
    if (commit != "base") add_runs(runs, eight, 5, noise);
  }
  add_runs(runs, {"cand", "timestep", 16}, 5, noise);
  add_runs(runs, {"base", "timestep", 2}, 5, noise);
  const CommitSelection longer_history{{"cand"}, {"base"}, {{"h1"}, {"h2"}, {"h3"}}};
  const GateResult result = compare_runs(runs, longer_history, GateConfig{}, "cand", "2026-01-01");
  ASSERT_EQ(result.older_baselines.size(), 1u);
  EXPECT_EQ(result.older_baselines[0].configuration.ranks, 8u);
  EXPECT_EQ(result.older_baselines[0].note,
            "judged against h1, 1 commit before the baseline: the newest that ran it (the baseline did not)");
  ASSERT_EQ(result.new_configurations.size(), 1u);
  EXPECT_EQ(result.new_configurations[0].configuration.ranks, 16u);
  ASSERT_EQ(result.removed_configurations.size(), 1u);
  EXPECT_EQ(result.removed_configurations[0].configuration.ranks, 2u);
  const Check* balance = find_check(result, "timestep", MetricId::mpi_load_balance, 8);
  ASSERT_NE(balance, nullptr);
  EXPECT_EQ(balance->history_commits, 3u) << "h3 and h2, then h1 as the baseline";
  EXPECT_EQ(balance->result.verdict, Verdict::regression);
  EXPECT_EQ(find_check(result, "timestep", MetricId::mpi_load_balance, 16), nullptr);
}

TEST(Compare, an_active_waiver_turns_the_regression_into_waived_and_an_expired_one_does_not) {
  const analysis::ingest::RunSet runs = imbalance_history(7);
  GateConfig config;
  config.waivers.push_back({"timestep", "*", "cand", "new decomposition, accepted in review", "2026-02-01"});
  const GateResult waived = compare_runs(runs, with_history, config, "cand", "2026-01-15");
  EXPECT_EQ(find_check(waived, "timestep", MetricId::mpi_load_balance)->result.verdict, Verdict::waived);
  EXPECT_EQ(find_check(waived, "timestep", MetricId::mpi_load_balance)->note,
            "waived until 2026-02-01: new decomposition, accepted in review");
  EXPECT_EQ(exit_code_of(waived), 0);
  const GateResult expired = compare_runs(runs, with_history, config, "cand", "2026-02-02");
  const Check* balance = find_check(expired, "timestep", MetricId::mpi_load_balance);
  EXPECT_EQ(balance->result.verdict, Verdict::regression);
  EXPECT_EQ(balance->note, "a waiver expired on 2026-02-01: new decomposition, accepted in review");
  EXPECT_EQ(exit_code_of(expired), 1);
}

/// One run of six regions of different sizes at `ranks` (strong scaling, work split evenly), every
/// time scaled by the job's runner speed `slowdown` and 0.5% of noise per region.
analysis::ingest::LoadedRun six_region_run(const std::string& commit, int position, std::uint64_t ranks,
                                           double slowdown, int repetition, std::mt19937_64& random) {
  std::normal_distribution<double> noise(0.0, 0.005);
  analysis::testing::RunShape shape;
  shape.commit = commit;
  shape.commit_time = "2026-01-" + std::string(position < 10 ? "0" : "") + std::to_string(position) + "T00:00:00Z";
  shape.ranks = ranks;
  shape.scaling = model::Scaling::strong;
  analysis::ingest::LoadedRun run;
  const std::vector<std::string> regions{"Global", "a", "b", "c", "d", "e"};
  for (std::size_t r = 0; r < regions.size(); ++r) {
    shape.region = regions[r];
    const double work_ns = 1e9 * static_cast<double>(r + 1) / static_cast<double>(ranks) * slowdown;
    std::vector<std::uint64_t> useful(ranks);
    for (std::uint64_t& rank : useful)
      rank = static_cast<std::uint64_t>(work_ns * (1.0 + noise(random)));
    const std::uint64_t elapsed = *std::max_element(useful.begin(), useful.end()) * 102 / 100;
    analysis::ingest::LoadedRun region = analysis::testing::make_run_of_ranks(shape, elapsed, useful);
    if (r == 0) {
      run = std::move(region);
      run.document.run.id += "-" + std::to_string(repetition);
      run.file = run.document.run.id + ".json";
    } else {
      run.document.regions.push_back(region.document.regions.front());
    }
  }
  return run;
}

TEST(Compare, a_ratio_of_times_across_runs_is_judged_net_of_both_jobs_runner_speeds) {
  // Six identical commits on a runner 2% faster or slower from commit to commit; the candidate's
  // 1-rank job ran 4% fast and its 4-rank job 4% slow. The code did not change, but every region's
  // computation scalability at 4 ranks (its 1-rank useful time over its 4-rank one) reads
  // 0.96/1.04 = 0.923 of the baseline's. Each job's speed is known from its six regions and removed
  // from both sides of the ratio: the check sees no move beyond its noise (0.5% a rank).
  std::mt19937_64 random(7);
  analysis::ingest::RunSet runs;
  CommitSelection seven_commits{{"cand"}, {"c6"}};
  for (int position = 1; position <= 7; ++position) {
    const std::string commit = position == 7 ? "cand" : "c" + std::to_string(position);
    if (position < 6) seven_commits.history.insert(seven_commits.history.begin(), std::set<std::string>{commit});
    for (const std::uint64_t ranks : {1u, 4u}) {
      const double history_speed = position % 2 == 0 ? 1.02 : 0.98;
      const double slowdown = position < 7 ? history_speed : ranks == 1 ? 0.96 : 1.04;
      for (int repetition = 0; repetition < 3; ++repetition)
        runs.runs.push_back(six_region_run(commit, position, ranks, slowdown, repetition, random));
    }
  }
  const GateResult result = compare_runs(runs, seven_commits, GateConfig{}, "cand", "2026-02-01");
  for (const std::string region : {"a", "c", "e"}) {
    const Check* scalability = find_check(result, region, MetricId::computation_scalability);
    ASSERT_NE(scalability, nullptr) << region;
    const double read = *scalability->candidate_medians.get(MetricId::computation_scalability) /
                        *scalability->baseline_medians.get(MetricId::computation_scalability);
    EXPECT_NEAR(read, 0.96 / 1.04, 0.01) << region;
    EXPECT_LT(std::abs(scalability->result.change), 2.0) << region;
    EXPECT_NE(scalability->result.verdict, Verdict::regression) << region;
  }
}

} // namespace
} // namespace tally::gate
