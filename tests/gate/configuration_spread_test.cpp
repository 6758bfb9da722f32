// SPDX-License-Identifier: BSD-3-Clause
// The spread of one region's moves across its configurations (configuration_spread.hpp), on moves
// worked by hand: F with 2 and n degrees of freedom has the upper tail (1 + 2F/n)^(−n/2), so each
// test's chance is a closed form. Then the baseline and the candidate alone of a program of Global
// at four configurations, every repetition chosen: how far each job moved is known by construction.
#include "gate/configuration_spread.hpp"
#include "gate/findings.hpp"
#include "gate/reports.hpp"
#include "gate/statistics.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

namespace tally::gate {
namespace {

using model::MetricId;

/// Moves of one deviation and 4 degrees of freedom each (3 repetitions a side).
std::vector<ConfigurationMove> moves_of(const std::vector<double>& changes) {
  std::vector<ConfigurationMove> out;
  for (const double change : changes)
    out.push_back({change, 1.0, 4.0});
  return out;
}

/// The upper tail of F with 2 and n degrees of freedom.
double f2_upper_tail(double ratio, double n) { return std::pow(1 + 2 * ratio / n, -n / 2); }

TEST(ConfigurationSpread, jobs_that_moved_apart_add_their_spread_to_each_others_moves) {
  // +6, −4, +1, −3: judging +6, the others' mean is −2 and their squares about it 4 + 9 + 1 = 14,
  // 7 per degree of freedom (3 others, one to the mean); their scales explain 1 of it, F = 7 with 2
  // and 12 degrees: (13/6)^−6 = 0.0097, beyond 1%. A job adds 7 − 1 = 6; the scale's degrees are
  // Satterthwaite's, (1 + 6)² / (1/4 + 6²/2) = 2.685.
  ASSERT_LT(f2_upper_tail(7, 12), configuration_spread_chance);
  const auto spreads = job_spread(moves_of({6, -4, 1, -3}), false);
  ASSERT_TRUE(spreads[0]);
  EXPECT_NEAR(spreads[0]->variance, 6.0, 1e-9);
  EXPECT_NEAR(spreads[0]->degrees, 49.0 / 18.25, 1e-9);
  // Judging +1: the others 6, −4, −3 about their mean −1/3, squares (19² + 11² + 8²)/9 = 546/9, half
  // of it per degree: a job adds 91/3 − 1.
  ASSERT_TRUE(spreads[2]);
  EXPECT_NEAR(spreads[2]->variance, 91.0 / 3 - 1, 1e-9);
}

TEST(ConfigurationSpread, moves_within_what_their_scales_explain_add_nothing) {
  // +1, −1, +0.5, 0: judging +1, the others −1, 0.5, 0 about −1/6 square to 7/6, 7/12 per degree,
  // F = 0.58: (1 + 2 · 0.58/12)^−6 = 0.57, chance.
  const auto spreads = job_spread(moves_of({1, -1, 0.5, 0}), false);
  for (const auto& spread : spreads)
    EXPECT_FALSE(spread);
}

TEST(ConfigurationSpread, a_change_at_every_scale_is_no_jobs_spread) {
  // The code 10% slower at four configurations, each job within half a deviation of it: about their
  // mean the others spread as their scales do.
  const auto spreads = job_spread(moves_of({10, 10.5, 9.5, 10}), false);
  for (const auto& spread : spreads)
    EXPECT_FALSE(spread);
}

TEST(ConfigurationSpread, a_common_reference_jobs_move_is_part_of_every_moves_noise) {
  // Computation scalability at three configurations, each against the same reference job, which
  // ran 5% fast: −5, −4, −6. About zero, judging −5: (16 + 36)/2 = 26 per degree, F = 26 with 2 and
  // 8 degrees, 7.5^−4 = 0.0003; a job adds 25, with (26²) / (1/4 + 25²/2) = 2.162 degrees.
  ASSERT_LT(f2_upper_tail(26, 8), configuration_spread_chance);
  const auto common = job_spread(moves_of({-5, -4, -6}), true);
  ASSERT_TRUE(common[0]);
  EXPECT_NEAR(common[0]->variance, 25.0, 1e-9);
  EXPECT_NEAR(common[0]->degrees, 676.0 / 312.75, 1e-9);
  // Taken as independent jobs, the others about their mean −5 square to 2, F = 2 with 1 and 8
  // degrees: chance, and the reference job's move would be taken for the code's.
  EXPECT_FALSE(job_spread(moves_of({-5, -4, -6}), false)[0]);
}

TEST(ConfigurationSpread, two_configurations_leave_one_other_too_few) {
  for (const auto& spread : job_spread(moves_of({30, 0}), false))
    EXPECT_FALSE(spread);
}

/// The baseline and the candidate alone of a program of Global alone at `ranks`, three repetitions
/// of each, each side's job at each configuration running at its own speed: useful times of
/// T · (speed − 0.002), T · speed and T · (speed + 0.002), the baseline's speed 1. The efficiencies
/// never vary (they are certain, outside the family); the elapsed times' repetitions spread 0.2%
/// of T on either side. `candidate_balance`, where given, is the candidate's load balance at each
/// configuration (the baseline's 0.95), its slowest rank as busy as the baseline's: the same
/// elapsed time, less work on the others.
GateResult first_comparison(const std::vector<std::uint64_t>& ranks, const std::vector<double>& candidate_speeds,
                            const std::vector<double>& candidate_balance = {}) {
  analysis::ingest::RunSet runs;
  for (const std::string commit : {"base", "cand"}) {
    for (std::size_t c = 0; c < ranks.size(); ++c) {
      const double speed = commit == "cand" ? candidate_speeds[c] : 1.0;
      for (const double offset : {-0.002, 0.0, 0.002}) {
        testing::GateRunShape shape{commit, "Global", ranks[c], 1e9 * (speed + offset)};
        if (commit == "cand" && !candidate_balance.empty()) {
          shape.useful_avg_ns *= candidate_balance[c] / shape.load_balance;
          shape.load_balance = candidate_balance[c];
        }
        runs.runs.push_back(testing::gate_run(shape));
      }
    }
  }
  return compare_runs(runs, CommitSelection{{"cand"}, {"base"}}, GateConfig{}, "cand", "2026-01-01");
}

const Check& elapsed_at(const GateResult& result, std::uint64_t ranks) {
  const auto check = std::find_if(result.checks.begin(), result.checks.end(), [&](const Check& candidate) {
    return candidate.metric == MetricId::elapsed_ns && candidate.configuration.ranks == ranks;
  });
  EXPECT_NE(check, result.checks.end());
  return *check;
}

/// The elapsed time's scale in percent: the pooled variance of the repetitions, 0.2² = 0.04 (%²),
/// times the variance factor of a median of three, twice (the candidate's median less the baseline's).
double elapsed_scale_variance() { return 2 * median_variance_factor(3) * 0.04; }

TEST(ConfigurationSpread, jobs_of_their_own_speed_make_a_first_comparisons_moves_inconclusive) {
  // The candidate's jobs ran 6% slow at 1 rank, 4% fast at 2, 1.5% slow at 4 and 3% fast at 8: at 1
  // rank z = 6 / √(2 · 0.4487 · 0.04) = 31.7, kept against the repetitions alone. The other three
  // moved −4, +1.5, −3 about their mean −11/6: squares 17.17, 8.58 per degree, the job's variance
  // 8.58 less the scale's; the 6% move against the scale widened to √8.58 (2 degrees) is t = 2.05,
  // p = 0.18: a job's state explains it, and the move is inconclusive, not a regression.
  const GateResult result = first_comparison({1, 2, 4, 8}, {1.06, 0.96, 1.015, 0.97});
  const Check& slow = elapsed_at(result, 1);
  EXPECT_NEAR(slow.result.change, 6.0, 1e-6);
  EXPECT_TRUE(slow.result.kept);
  EXPECT_TRUE(slow.job_state_untold);
  // (13/6)² + (20/6)² + (7/6)² = 618/36 about the others' mean; the scale widens to √(8.58 / 0.0359).
  EXPECT_NEAR(slow.configuration_spread, std::sqrt(618.0 / 36 / 2 / elapsed_scale_variance()), 1e-4);
  EXPECT_EQ(slow.result.verdict, Verdict::inconclusive);
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  // Global alone, one job a side: nothing else tells its state either (Check::job_state_untold).
  EXPECT_EQ(confirmation_of(result, false), Confirmation::one_job);
  const std::vector<Finding> findings = find_causes(result);
  // Global's one finding is headed by its largest move, a computation scalability against the
  // 1-rank reference's slow job; the 1-rank elapsed time follows in it.
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings.front().verdict, Verdict::inconclusive);
  EXPECT_NE(findings.front().summary.find("with elapsed time 1.11 s \u2192 1.17 s (+6.0 %) at 1 rank"),
            std::string::npos)
      << findings.front().summary;
}

TEST(ConfigurationSpread, a_change_at_every_scale_beyond_its_jobs_spread_is_kept_for_an_ab_study) {
  // The code 8% slower, each job within 1% of it: 8, 7, 9, 8. Judging 8 at 1 rank, the others 7, 9,
  // 8 spread 1 per degree about their mean, beyond chance against a scale of 0.036 (%²), but the 8%
  // move against √1 (2.15 degrees) is t = 8, p = 0.013: beyond the jobs' spread, kept at every
  // configuration. But with no history of jobs and one region, each side is one job whose state
  // nothing measures (a slower host moves every configuration's job alike): inconclusive, and an
  // A/B study tells it from the code.
  const GateResult result = first_comparison({1, 2, 4, 8}, {1.08, 1.07, 1.09, 1.08});
  for (const std::uint64_t ranks : {1u, 2u, 4u, 8u}) {
    const Check& slower = elapsed_at(result, ranks);
    EXPECT_TRUE(slower.result.kept) << ranks;
    EXPECT_EQ(slower.result.verdict, Verdict::inconclusive) << ranks;
    EXPECT_EQ(slower.configuration_spread, 1.0) << ranks;
  }
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  EXPECT_EQ(confirmation_of(result, false), Confirmation::one_job);
}

TEST(ConfigurationSpread, one_configuration_of_two_moved_alone_is_kept_for_an_ab_study) {
  // 1 and 2 ranks, the candidate's load balance at 2 ranks 0.65 for 0.95 (an uneven split, its
  // slowest rank as busy, so the elapsed time stays): one other configuration tells no spread, the
  // move is kept, but with no history and no other region to tell its job's state (a rank slowed by
  // another job on its core moves a load balance as much) it is inconclusive, and an A/B study
  // tells which.
  const GateResult result = first_comparison({1, 2}, {1.0, 1.0}, {0.95, 0.65});
  const auto balance = std::find_if(result.checks.begin(), result.checks.end(), [](const Check& check) {
    return check.metric == MetricId::mpi_load_balance && check.configuration.ranks == 2;
  });
  ASSERT_NE(balance, result.checks.end());
  EXPECT_NEAR(balance->result.change, -30.0, 1e-6);
  EXPECT_TRUE(balance->result.kept);
  EXPECT_EQ(balance->result.verdict, Verdict::inconclusive);
  EXPECT_EQ(balance->configuration_spread, 1.0);
  EXPECT_TRUE(balance->job_state_untold);
  EXPECT_EQ(elapsed_at(result, 2).result.verdict, Verdict::pass);
  EXPECT_EQ(result.overall, Verdict::inconclusive);
  EXPECT_EQ(confirmation_of(result, false), Confirmation::one_job);
}

} // namespace
} // namespace tally::gate
