// SPDX-License-Identifier: BSD-3-Clause
// The verdict rule (decision.hpp): first on checks whose evidence is set by hand, then end to end
// on seeded histories whose outcome is known by construction.
#include "gate/cell_spread.hpp"
#include "gate/decision.hpp"
#include "gate/reports.hpp"
#include "gate/statistics.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace tally::gate {
namespace {

using model::MetricId;
using testing::gate_run;
using testing::GateRunShape;

/// A check of `metric` of `region` at 4 ranks whose evidence is given: a change in pp against a
/// tolerance of 2 pp, its p-value and its cost to the run.
Check efficiency_check(const std::string& region, MetricId metric, double change_pp, double p_value, double impact) {
  Check check;
  check.experiment = "e";
  check.region = region;
  check.configuration = analysis::Configuration{1, 4, 1, 0};
  check.metric = metric;
  check.rule.tolerance_in_pp = true;
  check.rule.tolerance = 2.0;
  check.rule.min_impact_percent = 0.05;
  check.result.baseline_median = 0.95;
  check.result.candidate_median = 0.95 + change_pp / 100;
  check.result.change = change_pp;
  check.result.worse = change_pp < 0;
  check.result.exceeds_tolerance = std::abs(change_pp) > 2.0;
  check.result.evidence = Evidence::learned_noise;
  check.result.z = change_pp; // any value: decide() reads the p-value
  check.result.p_value = p_value;
  check.result.impact = impact;
  return check;
}

/// A load-balance check of `region` at 4 ranks (efficiency_check).
Check balance_check(const std::string& region, double change_pp, double p_value, double impact) {
  return efficiency_check(region, MetricId::mpi_load_balance, change_pp, p_value, impact);
}

/// `count` checks of distinct regions that did not move: as many hypotheses of the family.
std::vector<Check> quiet_checks(std::size_t count) {
  std::vector<Check> out;
  for (std::size_t i = 0; i < count; ++i)
    out.push_back(balance_check("quiet" + std::to_string(i), 0.1, 0.5, 0));
  return out;
}

/// One result of `checks`, with runs on both sides.
GateResult decided(std::vector<Check> checks) {
  GateResult result;
  result.checks = std::move(checks);
  result.baseline_runs = result.candidate_runs = 5;
  decide(result, GateConfig{}, "c", "2026-01-01");
  return result;
}

TEST(Decision, a_move_kept_beyond_its_tolerance_and_minimum_impact_is_a_regression_and_decides) {
  const GateResult result = decided({balance_check("solve", -5, 1e-6, 0.02), balance_check("io", 0.1, 0.9, 0)});
  EXPECT_EQ(result.checks[0].result.verdict, Verdict::regression);
  EXPECT_TRUE(result.checks[0].result.kept);
  EXPECT_EQ(result.checks[1].result.verdict, Verdict::pass);
  EXPECT_EQ(result.overall, Verdict::regression);
  EXPECT_EQ(exit_code_of(result), 1);
  ASSERT_TRUE(result.deciding);
  EXPECT_EQ(result.findings[*result.deciding].region, "solve");
  EXPECT_EQ(deciding_text(result).rfind("regression, decided by e: solve: ", 0), 0u) << deciding_text(result);
}

TEST(Decision, a_pass_on_single_runs_alone_says_that_repetitions_would_see_more) {
  std::vector<Check> single = quiet_checks(3);
  for (Check& check : single)
    check.result.evidence = Evidence::single_runs;
  single[2].result.evidence = Evidence::tolerance_only;
  const std::string hint = "repetitions of each configuration (tally run --repeat 3)";
  const std::string alone = deciding_text(decided(single));
  EXPECT_EQ(alone.rfind("pass: no check moved beyond its noise and tolerance (3 checks, ", 0), 0u) << alone;
  EXPECT_NE(alone.find(hint), std::string::npos) << alone;
  // One check with repetitions learned its noise from them: the study has repetitions.
  single[1].result.evidence = Evidence::learned_noise;
  const std::string mixed = deciding_text(decided(single));
  EXPECT_EQ(mixed.find(hint), std::string::npos) << mixed;
}

TEST(Decision, one_small_p_value_among_a_thousand_checks_must_beat_the_family_line) {
  // 1,001 checks: Benjamini-Hochberg's first line is 0.05 / 1001 = 5.0e-5.
  std::vector<Check> checks = quiet_checks(1000);
  checks.push_back(balance_check("solve", -3, 1e-4, 0.02));
  const GateResult alone = decided(checks);
  EXPECT_FALSE(alone.checks.back().result.kept);
  // −3 pp is beyond the 2 pp tolerance but not twice it: not confirmed, and not large enough to
  // leave the commit inconclusive.
  EXPECT_EQ(alone.checks.back().result.verdict, Verdict::pass);
  EXPECT_EQ(alone.overall, Verdict::pass);
  EXPECT_EQ(alone.family, 1001u);
  checks.back().result.p_value = 4e-5;
  EXPECT_EQ(decided(checks).overall, Verdict::regression);
}

TEST(Decision, a_large_drop_the_family_does_not_confirm_is_inconclusive_and_never_an_improvement) {
  // 102 hypotheses: halo's p = 1e-9 first, then solve's −5 pp (beyond 2 × 2 pp) with p = 0.003, over
  // the family's second line 2 · 0.05/102 = 9.8e-4 but under the suspicion's 2 · 0.2/102 = 3.9e-3.
  std::vector<Check> checks = quiet_checks(100);
  checks.push_back(balance_check("solve", -5, 0.003, 0.02));
  checks.push_back(balance_check("halo", +6, 1e-9, 0.03)); // a confirmed improvement
  const GateResult result = decided(checks);
  EXPECT_EQ(result.checks[100].result.verdict, Verdict::inconclusive);
  EXPECT_EQ(result.checks[101].result.verdict, Verdict::improvement);
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  EXPECT_EQ(exit_code_of(result), 0);
  ASSERT_TRUE(result.deciding);
  EXPECT_EQ(result.findings[*result.deciding].region, "solve");
  // With p = 0.01, as a hundred quiet checks give one by chance, it is not even a suspicion: a pass.
  checks[100].result.p_value = 0.01;
  EXPECT_EQ(decided(checks).checks[100].result.verdict, Verdict::pass);
}

TEST(Decision, a_confirmed_move_that_costs_the_run_less_than_the_minimum_impact_passes) {
  // 0.03% of the run's time against the default floor of 0.05%; 2% is never hidden.
  EXPECT_EQ(decided({balance_check("tiny", -10, 1e-9, 0.0003)}).overall, Verdict::pass);
  EXPECT_EQ(decided({balance_check("large", -10, 1e-9, 0.02)}).overall, Verdict::regression);
}

TEST(Decision, without_a_scale_a_move_beyond_the_tolerance_is_inconclusive_and_not_in_the_family) {
  // −5 pp against a 2 pp tolerance, with nothing to tell it from one job's noise.
  Check single = balance_check("solve", -5, 1, 0.02);
  single.result.p_value.reset();
  single.result.evidence = Evidence::tolerance_only;
  const GateResult result = decided({single});
  EXPECT_EQ(result.checks[0].result.verdict, Verdict::inconclusive);
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  EXPECT_EQ(exit_code_of(result), 0);
  EXPECT_EQ(result.family, 0u);
  // −1 pp is within the tolerance: a pass.
  Check within = balance_check("solve", -1, 1, 0.02);
  within.result.p_value.reset();
  within.result.evidence = Evidence::tolerance_only;
  EXPECT_EQ(decided({within}).checks[0].result.verdict, Verdict::pass);
}

TEST(Decision, checks_where_a_move_to_the_tolerance_is_certain_do_not_raise_the_family_line) {
  // Six checks whose values vary by rounding only: a move to their 2 pp tolerance would have
  // p = 1e-12. Counted in the family, they would put its line at 0.05 / 7 = 0.0071 and a −3 pp
  // move with p = 0.02 would pass; left out, the family is that check alone, its line 0.05.
  Check solve = balance_check("solve", -3, 0.02, 0.02);
  solve.result.p_at_tolerance = 0.05;
  Check rounding = balance_check("rounding", 0, 0.5, 0);
  rounding.result.p_at_tolerance = 1e-12;
  std::vector<Check> checks(6, rounding);
  checks.push_back(solve);
  const GateResult result = decided(checks);
  EXPECT_EQ(result.family, 1u);
  EXPECT_TRUE(result.checks.back().result.kept);
  EXPECT_EQ(result.checks.back().result.verdict, Verdict::regression);
  EXPECT_TRUE(result.checks.front().result.certain_beyond_tolerance);
  EXPECT_EQ(result.checks.front().result.verdict, Verdict::pass); // no move
  // The Markdown says which way each was judged.
  EXPECT_NE(evidence_of(result.checks.front()).find("(any move beyond the tolerance is certain)"), std::string::npos);
  EXPECT_NE(evidence_of(result.checks.back()).find("(kept by the family-wise rule)"), std::string::npos);
}

TEST(Decision, a_move_beyond_a_tolerance_that_is_certain_is_a_regression_outside_the_family) {
  // Beside a thousand quiet checks (line 0.05 / 1001), a check whose every move beyond its
  // tolerance is certain moves −3 pp: kept without being counted.
  std::vector<Check> checks = quiet_checks(1000);
  Check rounding = balance_check("rounding", -3, 1e-30, 0.02);
  rounding.result.p_at_tolerance = 1e-12;
  checks.push_back(rounding);
  const GateResult result = decided(checks);
  EXPECT_EQ(result.family, 1000u);
  EXPECT_EQ(result.checks.back().result.verdict, Verdict::regression);
  // A rule's alpha weighs that certainty by 0.05 / alpha: at alpha 1e-3, 1e-12 × 50 is still
  // certain (≤ 1e-6); at 1e-11, 1e-12 × 5e9 = 5e-3 puts the check back in the family.
  checks.back().rule.alpha = 1e-3;
  EXPECT_EQ(decided(checks).family, 1000u);
  checks.back().rule.alpha = 1e-11;
  EXPECT_EQ(decided(checks).family, 1001u);
}

TEST(Decision, metrics_below_parallel_efficiency_are_judged_only_once_their_parent_is_selected) {
  // 40 quiet regions, each with parallel efficiency and the four metrics below it, and solve's
  // −3 pp parallel efficiency at p = 8e-4. All 201 in one family, its line would be
  // 0.05 / 201 = 2.5e-4; the metrics below wait for their parent, so the first family is the 41
  // parallel efficiencies, its line 0.05 / 41 = 1.2e-3.
  std::vector<Check> checks;
  for (int r = 0; r < 40; ++r) {
    for (const MetricId metric :
         {MetricId::parallel_efficiency, MetricId::mpi_parallel_efficiency, MetricId::mpi_communication_efficiency,
          MetricId::mpi_load_balance, MetricId::mpi_load_balance_in})
      checks.push_back(efficiency_check("quiet" + std::to_string(r), metric, 0.1, 0.5, 0));
  }
  checks.push_back(efficiency_check("solve", MetricId::parallel_efficiency, -3, 8e-4, 0.02));
  const GateResult alone = decided(checks);
  EXPECT_EQ(alone.family, 41u);
  EXPECT_TRUE(alone.checks.back().result.kept);
  EXPECT_EQ(alone.overall, Verdict::regression);

  // solve's load balance at p = 1e-6, with no MPI parallel efficiency checked: it waits for the
  // nearest metric above it that has a hypothesis, parallel efficiency. Selected there, it is a
  // family of one (line 0.05) and kept; with its parent at p = 0.3, it is not judged at all.
  checks.push_back(efficiency_check("solve", MetricId::mpi_load_balance, -3, 1e-6, 0.02));
  const GateResult opened = decided(checks);
  EXPECT_EQ(opened.family, 42u);
  EXPECT_TRUE(opened.checks.back().result.kept);
  checks[checks.size() - 2].result.p_value = 0.3;
  const GateResult closed = decided(checks);
  EXPECT_EQ(closed.family, 41u);
  EXPECT_FALSE(closed.checks.back().result.kept);
  EXPECT_EQ(closed.checks.back().result.verdict, Verdict::pass);

  // A parent that moved beyond a tolerance that is certain (at 8 ranks) is decided outside the
  // family, and opens its children as a selected one would.
  Check certain = efficiency_check("solve", MetricId::parallel_efficiency, -3, 1e-30, 0.02);
  certain.configuration = analysis::Configuration{1, 8, 1, 0};
  certain.result.p_at_tolerance = 1e-12;
  checks.push_back(certain);
  const GateResult certain_parent = decided(checks);
  EXPECT_EQ(certain_parent.family, 42u);
  EXPECT_TRUE(certain_parent.checks[checks.size() - 2].result.kept);
}

/// Runs of `regions` regions (r00, r01, ...) in one document, each with its own noise level
/// (1% to 10% of useful time, a tenth of it on the efficiencies), at 4 and 8 ranks, `commits`
/// commits (c101, c102, ...) of `repetitions` each; nothing changes between commits.
analysis::ingest::RunSet noise_only_history(std::uint64_t seed, int regions, int commits = 12, int repetitions = 5) {
  std::mt19937_64 generator(seed);
  std::vector<double> levels;
  for (int r = 0; r < regions; ++r)
    levels.push_back(std::uniform_real_distribution<double>(0.01, 0.10)(generator));
  const auto factor = [&](double relative) { return 1.0 + std::normal_distribution<double>(0.0, relative)(generator); };
  analysis::ingest::RunSet runs;
  for (int commit = 1; commit <= commits; ++commit) {
    const std::string name = "c" + std::to_string(100 + commit);
    for (std::uint64_t ranks : {4u, 8u}) {
      for (int repetition = 0; repetition < repetitions; ++repetition) {
        analysis::ingest::LoadedRun run;
        for (int r = 0; r < regions; ++r) {
          GateRunShape shape{name, "r" + std::to_string(10 + r), ranks};
          shape.useful_avg_ns *= factor(levels[static_cast<std::size_t>(r)]);
          shape.load_balance = std::min(1.0, 0.9 * factor(levels[static_cast<std::size_t>(r)] / 10));
          shape.communication = std::min(1.0, 0.9 * factor(levels[static_cast<std::size_t>(r)] / 10));
          analysis::ingest::LoadedRun one = gate_run(shape);
          if (r == 0)
            run = std::move(one);
          else
            run.document.regions.push_back(one.document.regions.front());
        }
        run.document.source->commit_time = "2026-01-" + std::to_string(10 + commit) + "T00:00:00Z";
        run.document.run.id += "-" + std::to_string(repetition);
        runs.runs.push_back(std::move(run));
      }
    }
  }
  return runs;
}

CommitSelection newest_of_twelve() {
  CommitSelection selection{{"c112"}, {"c111"}};
  for (int commit = 110; commit >= 101; --commit)
    selection.history.push_back({"c" + std::to_string(commit)});
  return selection;
}

TEST(Decision, hundreds_of_noise_only_checks_fail_at_most_one_history_in_ten) {
  // 20 regions × (7 metrics at 4 ranks, the reference, + 9 at 8 ranks with computation scalability
  // and global efficiency) = 320 checks a comparison, all pure noise: the family-wise rule at 5%
  // expects half a red history in ten (before, each check was judged alone).
  int red = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const GateResult result = compare_runs(noise_only_history(seed, 20), newest_of_twelve(), {}, "c112", "2026-02-01");
    EXPECT_EQ(result.checks.size(), 320u);
    red += exit_code_of(result);
  }
  EXPECT_LE(red, 1);
}

TEST(Decision, a_baseline_and_candidate_alone_of_three_runs_each_fail_on_noise_at_the_familys_rate) {
  // The project's first comparison: two commits of three repetitions, 320 checks of pure noise whose
  // scales rest on the repetitions alone (4 degrees of freedom a check, the family's prior beside
  // them). The family-wise rule at 5% expects 2 red histories in 40; more than twice that is a rule
  // that does not keep its rate.
  int red = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const GateResult result =
        compare_runs(noise_only_history(seed, 20, 2, 3), {{"c102"}, {"c101"}}, {}, "c102", "2026-02-01");
    EXPECT_EQ(result.checks.size(), 320u);
    red += exit_code_of(result);
  }
  EXPECT_LE(red, 4);
}

/// Two commits of four repetitions of one region at 4 ranks with these load balances.
analysis::ingest::RunSet two_commits(const std::vector<double>& before, const std::vector<double>& after) {
  analysis::ingest::RunSet runs;
  for (const auto& [commit, balances] : {std::pair{"base", before}, std::pair{"cand", after}}) {
    for (double balance : balances) {
      GateRunShape shape{commit};
      shape.load_balance = balance;
      runs.runs.push_back(gate_run(shape));
    }
  }
  return runs;
}

TEST(Decision, a_clean_large_drop_is_kept_even_with_an_outlier_among_the_baseline_repetitions) {
  // The uneven split of the issue: 0.94, 0.95, 0.93 and one slow repetition at 0.73, then 0.74 to
  // 0.77. The medians are 0.935 and 0.755: −18 pp, against a spread of the repetitions of about
  // 1 pp that the outlier barely moves. A rank test of 4 against 4 could not reach p < 0.05 here.
  // One job a side of a program of one region: nothing tells that job's state from the code, so the
  // kept drop is inconclusive, named, for an A/B study to settle.
  const GateResult result = compare_runs(two_commits({0.94, 0.95, 0.93, 0.73}, {0.76, 0.75, 0.77, 0.74}),
                                         {{"cand"}, {"base"}}, {}, "cand", "2026-01-01");
  const auto balance = std::find_if(result.checks.begin(), result.checks.end(),
                                    [](const Check& check) { return check.metric == MetricId::mpi_load_balance; });
  ASSERT_NE(balance, result.checks.end());
  EXPECT_NEAR(balance->result.change, -18.0, 1e-6); // the fold rounds times to whole nanoseconds
  EXPECT_EQ(balance->result.evidence, Evidence::repetition_spread);
  EXPECT_TRUE(balance->result.kept);
  EXPECT_EQ(balance->result.verdict, Verdict::inconclusive);
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  EXPECT_EQ(confirmation_of(result, false), Confirmation::one_job);
  ASSERT_TRUE(result.deciding);
  EXPECT_NE(result.findings[*result.deciding].summary.find("load balance"), std::string::npos)
      << result.findings[*result.deciding].summary;
}

/// Commits k0, k1, ... of one region at 4 ranks, one day apart, one run per value, each shaped by
/// `apply` (a value sets the run's time or its load balance).
template <typename Apply>
analysis::ingest::RunSet commits_of(const std::vector<std::vector<double>>& values, Apply apply) {
  analysis::ingest::RunSet runs;
  for (std::size_t c = 0; c < values.size(); ++c) {
    for (double value : values[c]) {
      GateRunShape shape{"k" + std::to_string(c)};
      apply(shape, value);
      runs.runs.push_back(gate_run(shape));
      char day[48];
      std::snprintf(day, sizeof day, "2026-01-%02zuT00:00:00Z", c + 1);
      runs.runs.back().document.source->commit_time = day;
    }
  }
  return runs;
}

/// Commits whose elapsed times are proportional to these values.
analysis::ingest::RunSet three_commits(const std::vector<std::vector<double>>& times) {
  return commits_of(times, [](GateRunShape& shape, double time) { shape.useful_avg_ns = time * 1e9; });
}

/// Commits k0 to k`commits − 1` (the last the candidate, one day apart), `runs` runs each at 4
/// ranks of `regions` regions r0, r1, ... side by side, each with a quiet cluster's noise drawn from
/// `seed` and shaped by `apply(shape, commit, region)`.
template <typename Apply>
analysis::ingest::RunSet regions_side_by_side(int commits, int runs, std::size_t regions, std::uint64_t seed,
                                              Apply apply) {
  testing::Noise noise(seed);
  analysis::ingest::RunSet out;
  for (int commit = 0; commit < commits; ++commit) {
    for (int repetition = 0; repetition < runs; ++repetition) {
      analysis::ingest::LoadedRun run;
      for (std::size_t region = 0; region < regions; ++region) {
        GateRunShape shape = noise.apply({"k" + std::to_string(commit), "r" + std::to_string(region)});
        apply(shape, commit, region);
        analysis::ingest::LoadedRun part = gate_run(shape);
        if (region == 0)
          run = std::move(part);
        else
          run.document.regions.push_back(part.document.regions.front());
      }
      char day[48];
      std::snprintf(day, sizeof day, "2026-01-%02dT00:00:00Z", commit + 1);
      run.document.run.id = "k" + std::to_string(commit) + "-" + std::to_string(repetition);
      run.document.source->commit_time = day;
      out.runs.push_back(std::move(run));
    }
  }
  return out;
}

/// Thirteen commits k0 to k12 (the candidate), `runs` runs each of fifteen regions at 4 ranks (enough
/// history values to tell one job's tails: job_tails_min_scores); with `odd_jobs` two history jobs
/// lie far out in every region and run, as one job now and then does on a shared runner: k3 a third
/// slower, k7 with one rank slowed (load balance 0.80). The candidate's communication efficiency of
/// r0 drops from 0.95 to 0.87.
analysis::ingest::RunSet jobs_with_a_candidate_far_out(int runs, bool odd_jobs, std::uint64_t seed) {
  return regions_side_by_side(13, runs, 15, seed, [&](GateRunShape& shape, int commit, std::size_t region) {
    if (odd_jobs && commit == 3) shape.useful_avg_ns *= 1.3;
    if (odd_jobs && commit == 7) shape.load_balance = 0.80;
    if (commit == 12 && region == 0) shape.communication = 0.87;
  });
}

const CommitSelection thirteen_commits{
    {"k12"}, {"k11"}, {{"k10"}, {"k9"}, {"k8"}, {"k7"}, {"k6"}, {"k5"}, {"k4"}, {"k3"}, {"k2"}, {"k1"}, {"k0"}}};

std::vector<Check>::const_iterator communication_check(const GateResult& result) {
  return std::find_if(result.checks.begin(), result.checks.end(), [](const Check& check) {
    return check.metric == MetricId::mpi_communication_efficiency && check.region == "r0";
  });
}

TEST(Decision, a_move_still_beyond_its_configurations_spread_is_inconclusive) {
  // −8 pp at p = 10⁻⁹ among 50 quiet hypotheses: kept, a regression on its own; the same move of a
  // check whose configuration's regions spread together (its scale already widened by that spread)
  // cannot tell the job's state from the code.
  std::vector<Check> checks = quiet_checks(50);
  checks.push_back(balance_check("solve", -8.0, 1e-9, 0.01));
  EXPECT_EQ(decided(checks).checks.back().result.verdict, Verdict::regression);
  checks.back().cell_spread = 2.5;
  const GateResult spread = decided(checks);
  EXPECT_EQ(spread.checks.back().result.verdict, Verdict::inconclusive);
  EXPECT_EQ(spread.overall, Verdict::inconclusive);
}

TEST(Decision, a_job_as_far_out_as_the_historys_odd_jobs_is_not_a_regression) {
  // One run a commit, then three.
  for (const auto& [runs, evidence] : {std::pair{1, Evidence::single_runs}, std::pair{3, Evidence::learned_noise}}) {
    SCOPED_TRACE(std::to_string(runs) + " runs a commit");
    // Jobs that all lie near their level: −8 pp against a spread of about 0.5 pp is beyond any
    // line, whatever the family.
    const GateResult steady =
        compare_runs(jobs_with_a_candidate_far_out(runs, false, 17), thirteen_commits, {}, "k12", "2026-01-20");
    const auto steady_drop = communication_check(steady);
    ASSERT_NE(steady_drop, steady.checks.end());
    EXPECT_EQ(steady_drop->result.evidence, evidence);
    EXPECT_EQ(steady_drop->result.verdict, Verdict::regression);
    EXPECT_EQ(steady.overall, Verdict::regression);
    // Two of the history's twelve jobs lay as far out in their own metrics (elapsed time +30%,
    // load balance −15 pp, with their parallel efficiencies), every run of them: one job's tails
    // are heavy on this runner, a median of one job's runs does not trim them, and the candidate's
    // one job is no rarer than they were.
    const GateResult odd =
        compare_runs(jobs_with_a_candidate_far_out(runs, true, 17), thirteen_commits, {}, "k12", "2026-01-20");
    const auto odd_drop = communication_check(odd);
    ASSERT_NE(odd_drop, odd.checks.end());
    EXPECT_NEAR(odd_drop->result.change, steady_drop->result.change, 1.0);
    EXPECT_GT(*odd_drop->result.p_value, *steady_drop->result.p_value);
    EXPECT_NE(odd_drop->result.verdict, Verdict::regression);
    EXPECT_NE(odd.overall, Verdict::regression);
  }
}

/// Seven commits k0 to k6 (the candidate), three runs each at 4 ranks of twelve regions side by
/// side; in the candidate the load balance of the first `moved` regions drops by 6 pp (0.95 to
/// 0.89) at the same elapsed time (their ranks' average work less by 0.89/0.95), as one rank slowed
/// by another job on its core does to the regions it bottlenecks, or a change of the code at this
/// configuration does.
analysis::ingest::RunSet regions_whose_balance_drops(std::size_t moved) {
  return regions_side_by_side(7, 3, 12, 29, [&](GateRunShape& shape, int commit, std::size_t region) {
    if (commit < 6 || region >= moved) return;
    shape.useful_avg_ns *= (shape.load_balance - 0.06) / shape.load_balance;
    shape.load_balance -= 0.06;
  });
}

TEST(Decision, many_regions_whose_balance_dropped_together_at_one_configuration_are_judged_against_their_spread) {
  const CommitSelection selection{{"k6"}, {"k5"}, {{"k4"}, {"k3"}, {"k2"}, {"k1"}, {"k0"}}};
  const auto balance_of = [](const GateResult& result, const std::string& region) {
    return std::find_if(result.checks.begin(), result.checks.end(), [&](const Check& check) {
      return check.metric == MetricId::mpi_load_balance && check.region == region;
    });
  };
  // One region alone: far beyond its noise, and the other eleven at chance: a regression.
  const GateResult alone = compare_runs(regions_whose_balance_drops(1), selection, {}, "k6", "2026-01-10");
  const auto alone_drop = balance_of(alone, "r0");
  ASSERT_NE(alone_drop, alone.checks.end());
  EXPECT_EQ(alone_drop->cell_spread, 1.0);
  EXPECT_EQ(alone_drop->result.verdict, Verdict::regression);
  EXPECT_EQ(alone.overall, Verdict::regression);
  // Eight of the twelve: the quartile of their scores is a moved region's, far beyond chance. Each
  // region is judged against that spread, none is a regression, and a warning names the metric:
  // the commit's verdict, which an A/B study or the next commits settle.
  const GateResult together = compare_runs(regions_whose_balance_drops(8), selection, {}, "k6", "2026-01-10");
  for (std::size_t region = 0; region < 8; ++region) {
    const auto drop = balance_of(together, "r" + std::to_string(region));
    ASSERT_NE(drop, together.checks.end());
    EXPECT_NEAR(drop->result.change, alone_drop->result.change, 1.5);
    EXPECT_GE(drop->cell_spread, cell_spread_warned);
    EXPECT_NE(drop->result.verdict, Verdict::regression);
  }
  EXPECT_EQ(together.overall, Verdict::warning);
  const auto spread = std::find_if(together.run_events.begin(), together.run_events.end(), [](const RunEvent& event) {
    return event.kind == RunEventKind::spread && event.description.find("MPI load balance of") != std::string::npos;
  });
  ASSERT_NE(spread, together.run_events.end());
  EXPECT_EQ(spread->verdict, Verdict::warning);
}

TEST(Decision, single_runs_judge_a_move_beyond_the_tolerance_against_their_spread) {
  // One run per commit, k0 to k5 (the baseline), one level: their times 3.0, 3.3, 2.8, 3.2, 2.9, 3.1
  // (median 3.05) spread by √(0.175/5) = 0.1871 about their mean, and the candidate's 3.35 less the
  // level varies by 0.1871·√(1 + 1/6) = 0.2021 when nothing changed: +9.8% is beyond the configured
  // 5%, but z = 0.30/0.2021 = 1.48 with 5 degrees of freedom, a pass.
  const CommitSelection selection{{"k6"}, {"k5"}, {{"k4"}, {"k3"}, {"k2"}, {"k1"}, {"k0"}}};
  const GateResult noisy = compare_runs(three_commits({{3.0}, {3.3}, {2.8}, {3.2}, {2.9}, {3.1}, {3.35}}), selection,
                                        {}, "k6", "2026-01-10");
  const auto elapsed_of = [](const GateResult& result) {
    return std::find_if(result.checks.begin(), result.checks.end(),
                        [](const Check& check) { return check.metric == MetricId::elapsed_ns; });
  };
  const auto noisy_elapsed = elapsed_of(noisy);
  ASSERT_NE(noisy_elapsed, noisy.checks.end());
  EXPECT_EQ(noisy_elapsed->result.evidence, Evidence::single_runs);
  EXPECT_NEAR(noisy_elapsed->result.change, 100 * (3.35 / 3.05 - 1), 1e-6);
  ASSERT_TRUE(noisy_elapsed->result.z);
  EXPECT_NEAR(*noisy_elapsed->result.z, 0.30 / (std::sqrt(0.175 / 5) * std::sqrt(7.0 / 6)), 1e-3);
  EXPECT_EQ(noisy.overall, Verdict::pass);
  // Runs within ±0.3% (3.00, 3.01, 2.99, 3.00, 3.01, 2.99): the same move is far beyond their spread.
  const GateResult quiet = compare_runs(three_commits({{3.0}, {3.01}, {2.99}, {3.0}, {3.01}, {2.99}, {3.35}}),
                                        selection, {}, "k6", "2026-01-10");
  EXPECT_EQ(quiet.overall, Verdict::regression);
}

TEST(Decision, a_short_history_judges_against_the_repetitions_spread_not_a_fixed_tolerance) {
  // The candidate's median 3.775 against the level of k0 and k1 (their 8 repetitions pooled: 3.525),
  // +7.1%, beyond the configured 5%. Noisy repetitions: the 18 pairs within the three commits differ
  // by a median of 0.25, a run's σ of 1.4826·0.25/√2 = 0.26 and a median of four's 0.16; the two
  // history medians (3.55, 3.50) spread no more than that predicts. The candidate's median less a
  // level of two commits varies by 0.16·√(1 + 1/2) = 0.20, so z ≈ 1.2: a pass. With two commits
  // besides the candidate there is no history of jobs: a move kept against the repetitions is
  // inconclusive (one job a side, one region: nothing tells its state from the code).
  const CommitSelection selection{{"k2"}, {"k1"}, {{"k0"}}};
  const GateResult noisy =
      compare_runs(three_commits({{3.25, 3.50, 3.60, 3.75}, {3.20, 3.45, 3.55, 3.80}, {3.55, 3.70, 3.85, 4.10}}),
                   selection, {}, "k2", "2026-01-10");
  EXPECT_EQ(noisy.overall, Verdict::pass);
  // The same medians with repetitions within ±0.3%: the same +7.9% is far beyond their spread.
  const GateResult quiet =
      compare_runs(three_commits({{3.49, 3.50, 3.50, 3.51}, {3.49, 3.50, 3.50, 3.51}, {3.765, 3.775, 3.775, 3.785}}),
                   selection, {}, "k2", "2026-01-10");
  EXPECT_EQ(quiet.overall, Verdict::inconclusive);
  const auto elapsed = std::find_if(quiet.checks.begin(), quiet.checks.end(),
                                    [](const Check& check) { return check.metric == MetricId::elapsed_ns; });
  ASSERT_NE(elapsed, quiet.checks.end());
  EXPECT_TRUE(elapsed->result.kept);
  EXPECT_TRUE(elapsed->job_state_untold);
  EXPECT_EQ(elapsed->result.evidence, Evidence::repetition_spread);
  EXPECT_EQ(elapsed->baseline_values.size(), 8u); // the level of k0 and k1, pooled (median 3.50)
  EXPECT_NEAR(elapsed->result.change, 100 * (3.775 / 3.50 - 1), 1e-6);
}

TEST(Decision, a_drop_far_beyond_a_drifting_runners_commits_fails_a_short_history) {
  // Load balances of Debian's LAMMPS at 2 ranks on a shared 2-core runner (bench/gate_lammps.sh):
  // four identical commits, then the uneven split. Pairs within commits differ by a median of
  // 0.0175, so the repetitions predict a median of four to vary by 1.4826·0.0175/√2·√(π/8) = 0.0115;
  // the commit medians 0.8995, 0.9865, 0.9855, 0.941 (mean 0.953125) spread by
  // √(Σ residual²/3) = 0.041572: the runner drifted between commits, and that spread alone, with its
  // 3 degrees of freedom, is the noise. The baseline lies on the level of the three before it
  // (0.941 against their pooled median 0.979), so the candidate's median 0.6715 is compared with
  // the pooled median of all 16, 0.9695: z = −0.298/(0.041572·√(1 + 1/4)) = −6.4115. The p-value is
  // Student's t with Satterthwaite's degrees of freedom for the repetitions' part (their pooled
  // variance, 0.0089065/15, times a median of four's share of it, 15 degrees) plus the drift beyond
  // it (3 degrees): about 3.7, p 0.0039. The same drop lowers parallel efficiency and lengthens the
  // run: those checks lift each other over the family's line.
  const std::vector<std::vector<double>> balances = {{0.879, 0.894, 0.905, 0.95},
                                                     {0.972, 0.982, 0.991, 0.994},
                                                     {0.976, 0.987, 0.991, 0.984},
                                                     {0.947, 0.88, 0.935, 0.967},
                                                     {0.647, 0.682, 0.698, 0.661}};
  const GateResult result =
      compare_runs(commits_of(balances, [](GateRunShape& shape, double balance) { shape.load_balance = balance; }),
                   {{"k4"}, {"k3"}, {{"k2"}, {"k1"}, {"k0"}}}, {}, "k4", "2026-01-10");
  const auto balance = std::find_if(result.checks.begin(), result.checks.end(),
                                    [](const Check& check) { return check.metric == MetricId::mpi_load_balance; });
  ASSERT_NE(balance, result.checks.end());
  EXPECT_EQ(balance->baseline_values.size(), 16u);
  ASSERT_TRUE(balance->result.z);
  EXPECT_NEAR(*balance->result.z, -6.4115, 1e-3);
  ASSERT_TRUE(balance->result.p_value);
  const double repetitions = 0.0089065 / 15 * median_variance_factor(4);
  const double drift = 0.041572 * 0.041572 - repetitions;
  const double degrees =
      (repetitions + drift) * (repetitions + drift) / (repetitions * repetitions / 15 + drift * drift / 3);
  EXPECT_NEAR(*balance->result.p_value, student_t_p_value(6.4115, degrees), 1e-4);
  EXPECT_EQ(balance->result.verdict, Verdict::regression);
  EXPECT_EQ(exit_code_of(result), 1);
}

/// A run of Global > step (every call made in step, the same times in both) at 4 ranks, `scale`
/// times slower than the base, with `collectives` collectives per rank; with `instructions`, that
/// many useful instructions and one cycle per useful nanosecond (a slower run at the same clock).
analysis::ingest::LoadedRun slowed_run(const std::string& commit, double scale, std::uint64_t collectives,
                                       testing::Noise& noise, std::optional<std::uint64_t> instructions = {}) {
  GateRunShape shape{commit, "Global"};
  shape.useful_avg_ns *= scale * noise.factor(0.002);
  analysis::ingest::LoadedRun run = gate_run(shape);
  model::Region& global = run.document.regions.front();
  global.raw.mpi = model::MpiRaw{};
  global.raw.mpi->calls = 4 * collectives;
  global.raw.mpi->calls_max = collectives;
  if (instructions) global.raw.counters = model::CounterRaw{*instructions, global.raw.useful_ns};
  model::Region step = global;
  step.name = "step";
  step.parent = "Global";
  run.document.regions.push_back(step);
  return run;
}

/// Five runs of each commit: the baseline's and, where `history`, two commits before it like it (a
/// history of three jobs), then the candidate `scale` times slower.
GateResult slowed(double scale, std::uint64_t collectives_after, std::optional<std::uint64_t> instructions = {},
                  std::optional<std::uint64_t> instructions_after = {}, bool history = true) {
  testing::Noise noise(3);
  analysis::ingest::RunSet runs;
  const std::vector<std::string> before =
      history ? std::vector<std::string>{"h2", "h1", "base"} : std::vector<std::string>{"base"};
  for (int repetition = 0; repetition < 5; ++repetition) {
    for (const std::string& commit : before)
      runs.runs.push_back(slowed_run(commit, 1.0, 2, noise, instructions));
    runs.runs.push_back(slowed_run("cand", scale, collectives_after, noise, instructions_after));
  }
  const CommitSelection selection{{"cand"},
                                  {"base"},
                                  history ? std::vector<std::set<std::string>>{{"h1"}, {"h2"}}
                                          : std::vector<std::set<std::string>>{}};
  return compare_runs(runs, selection, {}, "cand", "2026-01-01");
}

TEST(Decision, a_uniform_slowdown_with_identical_work_fails_along_a_history_and_is_inconclusive_without) {
  // Every region 10% slower, the same calls, the same efficiencies. Along a history of three jobs
  // that spread 0.2%, the move lies beyond how far their states moved it: a regression, and the
  // finding says what else could have made it.
  const GateResult same_work = slowed(1.10, 2);
  EXPECT_EQ(same_work.overall, Verdict::regression);
  ASSERT_TRUE(same_work.deciding);
  const std::string& along = same_work.findings[*same_work.deciding].summary;
  EXPECT_NE(along.find("beyond the spread of the history's jobs: the code, or a runner slower than any of them"),
            std::string::npos)
      << along;
  EXPECT_EQ(confirmation_of(same_work, false), Confirmation::uniform);
  // The baseline and the candidate alone: nothing bounds the candidate's job, so the runner may be
  // slower, and such a verdict fails no job: inconclusive, for an A/B study to settle.
  const GateResult first = slowed(1.10, 2, {}, {}, false);
  EXPECT_EQ(first.overall, Verdict::inconclusive);
  ASSERT_TRUE(first.deciding);
  EXPECT_NE(first.findings[*first.deciding].summary.find(": the runner may be slower"), std::string::npos)
      << first.findings[*first.deciding].summary;
  EXPECT_EQ(confirmation_of(first, false), Confirmation::uniform);
  // One more collective per rank: the work changed, so no such diagnosis.
  const GateResult more_work = slowed(1.10, 3);
  EXPECT_EQ(more_work.overall, Verdict::regression);
  for (const Finding& finding : more_work.findings)
    EXPECT_EQ(finding.summary.find("runner"), std::string::npos) << finding.summary;
}

TEST(Decision, an_ab_studys_uniform_slowdown_with_identical_work_is_the_codes) {
  // Global and step 10% slower in each of 5 pairs, the same counts: judged pair by pair on one
  // runner state, no runner to suspect. The same kept moves with no history of jobs would be
  // inconclusive ("the runner may be slower"); paired they are regressions.
  GateResult result;
  result.counted_cells.emplace("scaling", analysis::Configuration{}.key());
  for (const std::string region : {"Global", "step"}) {
    Check check;
    check.experiment = "scaling";
    check.region = region;
    check.metric = MetricId::elapsed_ns;
    check.rule.tolerance = 5;
    check.rule.min_impact_percent = 0;
    check.result.change = 10;
    check.result.exceeds_tolerance = check.result.worse = true;
    check.result.p_value = 1e-8;
    check.result.z = 12;
    check.pairs = 5;
    result.checks.push_back(check);
  }
  result.baseline_runs = 5;
  decide(result, GateConfig{}, "cand", "2026-01-01");
  for (const Check& check : result.checks) {
    EXPECT_TRUE(check.diagnosis.empty()) << check.region << ": " << check.diagnosis;
    EXPECT_EQ(check.result.verdict, Verdict::regression) << check.region;
  }
  EXPECT_EQ(result.overall, Verdict::regression);
  // The same checks of a history comparison with no history of jobs, two regions at the
  // configuration: nothing tells their job's state (the evidence marks them so), and the diagnosis
  // says the runner may be slower.
  for (Check& check : result.checks) {
    check.pairs = 0;
    check.job_state_untold = true;
  }
  decide(result, GateConfig{}, "cand", "2026-01-01");
  for (const Check& check : result.checks) {
    EXPECT_NE(check.diagnosis.find(": the runner may be slower"), std::string::npos) << check.region;
    EXPECT_EQ(check.result.verdict, Verdict::inconclusive) << check.region;
  }
  EXPECT_EQ(result.overall, Verdict::inconclusive);
}

TEST(Decision, with_counters_the_runner_is_named_only_when_the_instructions_stayed_and_ipc_fell) {
  // 8e9 instructions on both sides, 10% more cycles: IPC 8e9 / 4e9 → 8e9 / 4.4e9, −9%.
  const GateResult same_instructions = slowed(1.10, 2, 8'000'000'000, 8'000'000'000);
  ASSERT_TRUE(same_instructions.deciding);
  EXPECT_NE(same_instructions.findings[*same_instructions.deciding].summary.find("IPC or frequency fell"),
            std::string::npos)
      << same_instructions.findings[*same_instructions.deciding].summary;
  // 10% more instructions for 10% more time: the code does more, whatever the counts say.
  const GateResult more_instructions = slowed(1.10, 2, 8'000'000'000, 8'800'000'000);
  EXPECT_EQ(more_instructions.overall, Verdict::regression);
  for (const Finding& finding : more_instructions.findings)
    EXPECT_EQ(finding.summary.find("runner"), std::string::npos) << finding.summary;
}

TEST(Decision, a_region_that_moved_at_every_configuration_is_one_hypothesis_combining_them) {
  // Beside a thousand quiet regions, solve's load balance moved at 1, 2, 4 and 8 ranks, each with
  // p = 0.01: alone, each is far over the family's first line (0.05/1001 = 5.0e-5). Together,
  // Stouffer's sum of four scores of 2.5758 is 5.1517, p = 2.58e-7, doubled for taking the better of
  // Stouffer's and Simes' (0.01·4/4 = 0.01): 5.2e-7, under the line: all four are kept.
  std::vector<Check> checks = quiet_checks(1000);
  for (const std::uint64_t ranks : {1, 2, 4, 8}) {
    checks.push_back(balance_check("solve", -3, 0.01, 0.02));
    checks.back().configuration = analysis::Configuration{ranks > 4 ? 2u : 1u, ranks, 1, 0};
  }
  const GateResult result = decided(checks);
  EXPECT_EQ(result.family, 1001u);
  for (std::size_t i = 1000; i < 1004; ++i)
    EXPECT_EQ(result.checks[i].result.verdict, Verdict::regression) << i;
  // At one configuration alone, p = 0.01 is no finding among a thousand.
  checks.resize(1001);
  EXPECT_EQ(decided(checks).checks.back().result.verdict, Verdict::pass);
}

TEST(Decision, a_move_at_one_configuration_alone_is_judged_as_one_jobs_against_the_historys_jobs) {
  // Beside a hundred quiet regions, solve's load balance moved at 4 ranks alone, p = 1e-5 with the
  // family's pooled noise, and at 2 and 8 ranks not at all (p = 0.5, the same way). Stouffer's sum,
  // 4.4172 + 2·0.6745 = 5.7662 over √3, is 3.3291, p = 8.7e-4; Simes' of the pooled p-values,
  // 3·1e-5 = 3e-5, would keep it (doubled, 6e-5 under the first line 0.05/101 = 4.95e-4). As one
  // job's, against a history of 5 jobs, its p-value is 0.01: Simes' 0.03, the hypothesis
  // 2·min(8.7e-4, 0.03) = 1.7e-3, over the line: not kept, a rank slowed for one job can do that.
  std::vector<Check> checks = quiet_checks(100);
  for (const std::uint64_t ranks : {2, 4, 8}) {
    const bool moved = ranks == 4;
    checks.push_back(balance_check("solve", moved ? -5 : -0.1, moved ? 1e-5 : 0.5, 0.02));
    checks.back().configuration = analysis::Configuration{ranks > 4 ? 2u : 1u, ranks, 1, 0};
    checks.back().result.p_one_job = moved ? 0.01 : 0.5;
  }
  EXPECT_EQ(decided(checks).checks[101].result.verdict, Verdict::inconclusive);
  // With the history's jobs as quiet as the family (one-job p-value 1e-5 too), it is kept.
  checks[101].result.p_one_job = 1e-5;
  EXPECT_EQ(decided(checks).checks[101].result.verdict, Verdict::regression);
}

TEST(Decision, a_uniform_move_beyond_the_runners_spread_is_a_finding_of_its_own) {
  GateResult result;
  result.baseline_runs = result.candidate_runs = 5;
  UniformMove move{"e", analysis::Configuration{1, 4, 1, 0}, CheckRule{}, {}, 0.01};
  move.rule.tolerance = 2.0;
  move.result.change = 6.0;
  move.result.worse = move.result.exceeds_tolerance = true;
  move.result.z = 6.0;
  move.result.p_value = 1e-4;
  move.result.impact = 0.06;
  result.uniform_moves.push_back(move);
  decide(result, GateConfig{}, "c", "2026-02-01");
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.run_events[0].kind, RunEventKind::uniform);
  EXPECT_EQ(result.overall, Verdict::regression);
  EXPECT_NE(result.run_events[0].description.find("uniform: every region 6.0% slower at "), std::string::npos)
      << result.run_events[0].description;
  EXPECT_NE(result.run_events[0].description.find("the whole code, or a runner slower than any job of the history"),
            std::string::npos);
}

} // namespace
} // namespace tally::gate
