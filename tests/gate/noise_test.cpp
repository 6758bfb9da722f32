// SPDX-License-Identifier: BSD-3-Clause
// Tolerances learned from the history, on spreads computed by hand.
#include "gate/commit_selection.hpp"
#include "gate/noise.hpp"
#include "gate/reports.hpp"

#include "analysis/change_points.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace tally::gate {
namespace {

using model::MetricId;

TEST(Noise, single_runs_teach_their_spread_from_three_commits_on) {
  // One run per commit: 1, 2, 3, 4 about their mean 2.5 spread by √((2.25 + 0.25 + 0.25 + 2.25)/3)
  // = 1.29099 with 3 degrees of freedom, one level (no change point is looked for without
  // repetitions); the scale against the level of four is 1.29099·√(1 + 1/4), with the history's 3
  // degrees (one per commit beyond the first), and the configured tolerance stands.
  const std::vector<std::vector<double>> commits = {{1.0}, {2.0}, {3.0}, {4.0}};
  const auto noise = learn_noise(commits, std::vector<double>{5.0});
  ASSERT_TRUE(noise);
  EXPECT_DOUBLE_EQ(noise->within_degrees, 0.0);
  EXPECT_NEAR(noise->medians, std::sqrt(5.0 / 3.0), 1e-12);
  EXPECT_DOUBLE_EQ(noise->medians_degrees, 3.0);
  const Scale scale = noise_scale(*noise);
  EXPECT_NEAR(scale.deviation, std::sqrt(5.0 / 3.0 * 1.25), 1e-12);
  EXPECT_DOUBLE_EQ(scale.degrees_of_freedom, 3.0);
  EXPECT_EQ(scale.evidence, Evidence::single_runs);
  CheckRule rule;
  rule.tolerance = 5.0;
  EXPECT_DOUBLE_EQ(tolerance_with_noise(rule, scale, 2.5), 5.0);
  // Two single runs have one degree: nothing learned, the tolerance alone decides.
  const std::vector<std::vector<double>> two = {{1.0}, {2.0}};
  EXPECT_FALSE(learn_noise(two, std::vector<double>{5.0}));
}

TEST(Noise, single_runs_that_fall_in_two_modes_are_one_level) {
  // Eight runs at 10 then four at 9 (which rank a collective waits for, say): with repetitions a
  // change point; with single runs one level, whose spread holds both modes.
  std::vector<std::vector<double>> commits(8, std::vector<double>{10.0});
  commits.insert(commits.end(), 4, std::vector<double>{9.0});
  const auto noise = learn_noise(commits, std::vector<double>{9.0});
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 12u);
  // Mean 9 2/3: residuals 1/3 eight times and −2/3 four times, (8/9 + 16/9)/11 = 8/33.
  EXPECT_NEAR(noise->medians, std::sqrt(8.0 / 33.0), 1e-12);
  EXPECT_DOUBLE_EQ(noise->medians_degrees, 11.0);
}

TEST(Noise, a_steady_history_is_one_level_and_the_spread_of_a_median) {
  // Five commits and the candidate of the same three values: about their mean each commit's
  // variance is (1 + 0 + 1)/2 = 1, a median of three normal values has 0.4487 of it (0.670): the
  // repetitions' part, with 2 degrees of freedom in each of the 6 commits. The medians spread by 0
  // with 4 degrees of freedom (one per commit beyond the first of the level).
  const std::vector<std::vector<double>> commits(5, std::vector<double>{9.0, 10.0, 11.0});
  const auto noise = learn_noise(commits, std::vector<double>{9.0, 10.0, 11.0});
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->commits, 5u);
  EXPECT_NEAR(noise->within, std::sqrt(0.4487), 1e-4);
  EXPECT_DOUBLE_EQ(noise->within_degrees, 12.0);
  EXPECT_DOUBLE_EQ(noise->medians, 0.0);
  EXPECT_DOUBLE_EQ(noise->medians_degrees, 4.0);
  EXPECT_EQ(noise->level_commits, 5u);
  EXPECT_EQ(drift_of(*noise), 0.0);
  // The scale is the larger part against the level of five, σ·√(1 + 1/5); the medians show no drift
  // beyond the repetitions, so it keeps the repetitions' 12 degrees of freedom.
  const Scale scale = noise_scale(*noise);
  EXPECT_NEAR(scale.deviation, std::sqrt(1.2 * 0.4487), 1e-4);
  EXPECT_DOUBLE_EQ(scale.degrees_of_freedom, 12.0);
  EXPECT_EQ(scale.evidence, Evidence::learned_noise);
}

TEST(Noise, the_repetitions_part_is_their_pooled_variance_scaled_to_a_median) {
  // Six commits (the candidate's included) of 8, five times 10, and 12: about their mean 10 each has
  // variance (4 + 4)/6 = 4/3 with 6 degrees of freedom, and a median of seven normal values 0.2104
  // of it (the sample median's efficiency 1/(7·v) of 0.679): a deviation of 0.530.
  const std::vector<std::vector<double>> commits(5, std::vector<double>{8, 10, 10, 10, 10, 10, 12});
  const auto noise = learn_noise(commits, std::vector<double>{8, 10, 10, 10, 10, 10, 12});
  ASSERT_TRUE(noise);
  EXPECT_NEAR(noise->within, std::sqrt(4.0 / 3.0 * 0.2104), 1e-3);
  EXPECT_DOUBLE_EQ(noise->within_degrees, 36.0);
}

TEST(Noise, the_baseline_and_candidate_alone_are_judged_by_their_repetitions_variance_not_their_residuals) {
  // Two commits of 9, 10, 11: variance 1 about each mean, a median of three 0.4487 of it (0.670),
  // against the baseline alone σ·√2 = 0.947. Their residuals (−1 and +1 twice, the medians left
  // out) make a median of three draws ±1 half the time each: 1/1.15 = 0.870, 1.14 times as much,
  // which the site's change points take as the larger but which would widen every short history's
  // scale by that much (normal values of three repetitions give that ratio, tails or none).
  const std::vector<std::vector<double>> baseline{{9.0, 10.0, 11.0}};
  const auto noise = learn_noise(baseline, std::vector<double>{9.0, 10.0, 11.0});
  ASSERT_TRUE(noise);
  EXPECT_NEAR(noise->within, std::sqrt(0.4487), 1e-4);
  EXPECT_DOUBLE_EQ(noise->within_degrees, 4.0);
  const Scale scale = noise_scale(*noise);
  EXPECT_NEAR(scale.deviation, std::sqrt(2 * 0.4487), 1e-4);
  EXPECT_DOUBLE_EQ(scale.degrees_of_freedom, 4.0);
  EXPECT_EQ(scale.evidence, Evidence::repetition_spread);
}

TEST(Noise, medians_that_spread_beyond_their_repetitions_are_a_drift_and_say_how_much) {
  // The steady history's repetitions (each commit m − 1, m, m + 1: a median's √0.4487 = 0.670,
  // above) around medians 13, 7, 13, 7, 10: about their mean 10 they spread by
  // √((9 + 9 + 9 + 9 + 0)/4) = 3, with 4 degrees of freedom: a drift of 3 / 0.670 = 4.48, and the
  // medians' part is the scale.
  std::vector<std::vector<double>> commits;
  for (const double median : {13.0, 7.0, 13.0, 7.0, 10.0})
    commits.push_back({median - 1, median, median + 1});
  const auto noise = learn_noise(commits, std::vector<double>{9.0, 10.0, 11.0});
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 5u);
  EXPECT_NEAR(noise->medians, 3.0, 1e-12);
  EXPECT_NEAR(drift_of(*noise), 3.0 / std::sqrt(0.4487), 1e-3);
  // Its degrees of freedom are Satterthwaite's for the repetitions' variance (0.4487, 12 degrees)
  // plus the drift beyond it (9 − 0.4487 = 8.5513, 4 degrees): 81 / (0.4487²/12 + 8.5513²/4) = 4.4267.
  const Scale scale = noise_scale(*noise);
  EXPECT_NEAR(scale.deviation, 3.0 * std::sqrt(1.2), 1e-12);
  EXPECT_NEAR(scale.degrees_of_freedom, 4.4267, 1e-3);
  CheckRule rule;
  rule.tolerance = 5.0;
  const std::string text = tolerance_text(rule, noise, 5.0);
  EXPECT_NE(text.find("the commit medians spread 4.5× as much as their repetitions predict"), std::string::npos)
      << text;
  // Below twice, the text says nothing of it.
  LearnedNoise slight = *noise;
  slight.medians = 1.9 * std::sqrt(0.4487);
  EXPECT_EQ(tolerance_text(rule, slight, 5.0).find("repetitions predict"), std::string::npos);
}

TEST(Noise, a_short_history_is_one_level_with_the_candidates_repetitions_counted) {
  // Three commits at medians 9, 10, 11 (each m − 1, m, m + 1) and the candidate: no change points
  // before five commits, so one level of three; the medians spread by 1 with 2 degrees of freedom.
  std::vector<std::vector<double>> commits;
  for (const double median : {9.0, 10.0, 11.0})
    commits.push_back({median - 1, median, median + 1});
  const auto noise = learn_noise(commits, std::vector<double>{99.0, 100.0, 101.0});
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 3u);
  EXPECT_NEAR(noise->medians, 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(noise->medians_degrees, 2.0);
  EXPECT_DOUBLE_EQ(noise->within_degrees, 8.0); // 2 degrees in each of 4 commits
  EXPECT_EQ(noise_scale(*noise).evidence, Evidence::repetition_spread);
  // One job's move is weighed by the history's 3 commits: 2 degrees; with 2 commits (1 degree would
  // be Cauchy's), by the repetitions' own: 2 + 2 of the two commits of three, none of a candidate's
  // one repetition.
  EXPECT_DOUBLE_EQ(noise_scale(*noise).job_degrees_of_freedom, 2.0);
  EXPECT_DOUBLE_EQ(
      noise_scale(*learn_noise(std::span(commits).first(2), std::vector<double>{10.0})).job_degrees_of_freedom, 4.0);
  // Two commits' medians (one degree) are no part: Cauchy's spread bounds nothing.
  EXPECT_DOUBLE_EQ(learn_noise(std::span(commits).first(2), std::vector<double>{10.0})->medians_degrees, 0.0);
}

TEST(Noise, the_level_starts_at_the_histories_last_change_point) {
  // Three commits at 10, then five at 20 (counts: no noise, so any lasting move is a shift).
  std::vector<std::vector<double>> commits(3, std::vector<double>{10.0, 10.0});
  commits.insert(commits.end(), 5, std::vector<double>{20.0, 20.0});
  const auto noise = learn_noise(commits, std::vector<double>{20.0, 20.0});
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 5u);
}

TEST(Noise, a_baseline_off_its_level_is_the_reference_alone) {
  // Six commits at 10 and a baseline at 20: one commit is no change point, and the baseline is
  // 10 away from a level whose noise is 0.
  std::vector<std::vector<double>> commits(6, std::vector<double>{10.0, 10.0});
  commits.push_back({20.0, 20.0});
  const auto noise = learn_noise(commits, std::vector<double>{20.0, 20.0});
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 1u);
}

TEST(Noise, tolerance_is_two_and_a_half_standard_deviations_of_the_difference_at_most_the_configured_one) {
  CheckRule relative;
  relative.tolerance = 10.0;
  // A scale of 2 around a median of 100: 2% of it, 2.5 of them.
  EXPECT_NEAR(tolerance_with_noise(relative, Scale{2.0, 10}, 100.0), 5.0, 1e-12);
  // Never looser than the configured tolerance: the family decides what is real, the tolerance only
  // what matters.
  EXPECT_DOUBLE_EQ(tolerance_with_noise(relative, Scale{8.0, 10}, 100.0), 10.0);
  CheckRule points;
  points.tolerance_in_pp = true;
  points.tolerance = 2.0;
  // 0.004 of an efficiency is 0.4 pp, 2.5 of them 1 pp.
  EXPECT_NEAR(tolerance_with_noise(points, Scale{0.004, 10}, 0.9), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(tolerance_with_noise(points, std::nullopt, 0.9), 2.0);
}

TEST(Noise, an_identical_history_tightens_the_tolerance_to_a_fifth_of_the_configured_one) {
  CheckRule relative;
  relative.tolerance = 5.0;
  EXPECT_DOUBLE_EQ(tolerance_with_noise(relative, Scale{0.0, 10}, 100.0), 1.0);
}

/// Commits c01..c<count> with five repetitions each at 4 ranks; commit i's useful time is scaled
/// by scale(i), each repetition by 1 + 0.001·(r − 2) so that the samples never tie.
template <class Scale> analysis::ingest::RunSet history_of(int count, Scale scale) {
  analysis::ingest::RunSet runs;
  for (int commit = 1; commit <= count; ++commit) {
    char name[16], time[32];
    std::snprintf(name, sizeof name, "c%02d", commit);
    std::snprintf(time, sizeof time, "2026-01-%02dT00:00:00Z", commit);
    for (int repetition = 0; repetition < 5; ++repetition) {
      testing::GateRunShape shape{name, "solve", 4};
      shape.useful_avg_ns *= scale(commit) * (1.0 + 0.001 * (repetition - 2));
      runs.runs.push_back(testing::gate_run(shape));
      runs.runs.back().document.source->commit_time = time;
    }
  }
  return runs;
}

/// A copy: the results these tests read are temporaries.
Check elapsed_check(const GateResult& result) {
  for (const Check& check : result.checks) {
    if (check.metric == MetricId::elapsed_ns) return check;
  }
  throw std::runtime_error("no elapsed time check");
}

GateResult gate_newest(const analysis::ingest::RunSet& runs, const std::string& candidate, std::size_t noise_history) {
  SelectionRequest request;
  request.candidate = candidate;
  request.noise_history = noise_history;
  const SelectedCommits selected = std::get<SelectedCommits>(select_commits(runs, request));
  return compare_runs(runs, selected.selection, GateConfig{}, candidate, "2026-02-01");
}

TEST(Noise, a_quiet_history_catches_a_slowdown_under_the_configured_tolerance) {
  // Eleven identical commits, then 3% slower: under 5%, but the learned tolerance is its floor, 1%.
  const auto runs = history_of(12, [](int commit) { return commit == 12 ? 1.03 : 1.0; });
  const Check learned = elapsed_check(gate_newest(runs, "c12", 10));
  EXPECT_EQ(learned.result.verdict, Verdict::regression);
  EXPECT_EQ(learned.history_commits, 11u);
  EXPECT_DOUBLE_EQ(learned.rule.tolerance, 1.0);
  EXPECT_NE(tolerance_of(learned).find("learned from 11 commits"), std::string::npos) << tolerance_of(learned);
  // Without the history, the baseline's and the candidate's repetitions alone keep it too, but they
  // share their jobs' states, which nothing in that comparison tells: inconclusive (decision.hpp).
  const Check alone = elapsed_check(gate_newest(runs, "c12", 0));
  EXPECT_TRUE(alone.result.kept);
  EXPECT_EQ(alone.result.verdict, Verdict::inconclusive);
  EXPECT_EQ(alone.history_commits, 1u);
  EXPECT_DOUBLE_EQ(alone.rule.tolerance, 1.0);
}

TEST(Noise, a_drifting_history_judges_a_move_of_its_usual_size_by_the_medians_spread) {
  // Commit medians 1 + 0.01·k, k = 3, −2, 5, −4, 1, −5, 2, −1, 4, −3, 0 (the baseline, c11): the
  // repetitions barely spread, but the medians do: the k average 0, so their standard deviation
  // is √(Σk²/10)% = √(110/10)% = 3.32% with 10 degrees of freedom, far beyond the repetitions'.
  // Against the level of all 11 commits (no window of five differs from the next by 4 standard
  // deviations; pooled median 1) the scale is 3.32%·√(12/11). The candidate, 6% slower, is
  // t = 6/√12 = 1.73 with 10 degrees of freedom, p = 0.11: it passes, where the baseline alone and
  // its repetitions' spread keep it (inconclusive: one job a side, nothing tells its state).
  const int offsets[] = {3, -2, 5, -4, 1, -5, 2, -1, 4, -3, 0};
  const auto runs = history_of(12, [&](int commit) { return commit == 12 ? 1.06 : 1.0 + 0.01 * offsets[commit - 1]; });
  const Check learned = elapsed_check(gate_newest(runs, "c12", 10));
  EXPECT_EQ(learned.result.verdict, Verdict::pass);
  ASSERT_TRUE(learned.noise);
  EXPECT_EQ(learned.noise->level_commits, 11u);
  EXPECT_DOUBLE_EQ(learned.noise->medians_degrees, 10.0);
  EXPECT_NEAR(*learned.result.z, 6.0 / std::sqrt(12.0), 0.01);
  EXPECT_NE(tolerance_of(learned).find("as much as their repetitions predict: the runner's state moves"),
            std::string::npos)
      << tolerance_of(learned);
  EXPECT_TRUE(elapsed_check(gate_newest(runs, "c12", 0)).result.kept);
}

TEST(Noise, the_candidate_is_compared_with_the_level_after_the_last_shift) {
  // c01..c05 at 1.0, c06..c11 10% slower (a change point at c06), the candidate at the new level:
  // against the six commits of that level it passes; the older five would make it 10% faster.
  const auto runs = history_of(12, [](int commit) { return commit < 6 ? 1.0 : 1.1; });
  const Check check = elapsed_check(gate_newest(runs, "c12", 10));
  ASSERT_TRUE(check.noise);
  EXPECT_EQ(check.noise->level_commits, 6u);
  EXPECT_EQ(check.baseline_values.size(), 30u);
  EXPECT_EQ(check.result.verdict, Verdict::pass);
  EXPECT_NE(tolerance_of(check).find("against the level of the newest 6"), std::string::npos) << tolerance_of(check);
}

TEST(Noise, a_short_history_learns_its_tolerance_from_the_repetitions_and_says_so) {
  // Three commits whose repetitions spread by 0.1%, then 3% slower: the repetitions resolve it, the
  // tolerance is its floor (a fifth of 5%), and the text says how it was learned.
  const auto runs = history_of(4, [](int commit) { return commit == 4 ? 1.03 : 1.0; });
  const Check check = elapsed_check(gate_newest(runs, "c04", 10));
  EXPECT_EQ(check.result.verdict, Verdict::regression);
  EXPECT_EQ(check.history_commits, 3u);
  EXPECT_EQ(tolerance_of(check), "tolerance 1% learned from 3 commits and the candidate's repetitions (a short "
                                 "history: one level, no change point before 5 commits), against the level of the "
                                 "newest 3 (at its floor, a fifth of the configured 5%)");
}

} // namespace
} // namespace tally::gate
