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

TEST(Noise, fewer_than_five_commits_teach_nothing) {
  const std::vector<std::vector<double>> commits = {{1.0}, {2.0}, {3.0}, {4.0}};
  EXPECT_FALSE(learn_noise(commits));
}

TEST(Noise, a_steady_history_is_one_level_and_the_spread_of_a_median) {
  // Five commits of the same three values: pairs differ by 1, 1, 2, median 1, σ = 1.4826/√2 per
  // repetition and √(π/6) of it for a median of three (0.758); successive medians never move; no
  // shift. The residuals are −1 and +1 five times each (the medians left out): a median of three
  // draws is −1 or +1 with probability 1/2, a standard deviation of 1, divided by 1.15 (0.870): the
  // larger part.
  const std::vector<std::vector<double>> commits(5, std::vector<double>{9.0, 10.0, 11.0});
  const auto noise = learn_noise(commits);
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->commits, 5u);
  EXPECT_NEAR(noise->deviation, 1.0 / 1.15, 1e-12);
  EXPECT_NEAR(analysis::commit_noise(commits).within, 1.4826 / std::sqrt(2.0) * std::sqrt(std::acos(-1.0) / 6), 1e-12);
  // 2 independent differences in each of the 5 commits, half a degree of freedom each; the medians
  // spread by 0 with 4 degrees of freedom (one per commit beyond the first of the level), no more
  // than the repetitions predict: both count, 5 + 4.
  EXPECT_DOUBLE_EQ(noise->degrees_of_freedom, 9.0);
  EXPECT_EQ(noise->level_commits, 5u);
  EXPECT_EQ(noise->drift, 0.0);
}

TEST(Noise, medians_that_spread_beyond_their_repetitions_are_a_drift_and_say_how_much) {
  // The steady history's repetitions (each commit m − 1, m, m + 1: the repetitions predict 1/1.15
  // for a median, above) around medians 13, 7, 13, 7, 10: about their mean 10 they spread by
  // √((9 + 9 + 9 + 9 + 0)/4) = 3, with 4 degrees of freedom; F = (3·1.15)² = 11.9 on (4, 5) is far
  // in its tail: a drift of 3 / (1/1.15) = 3.45, the medians' spread alone the noise.
  std::vector<std::vector<double>> commits;
  for (const double median : {13.0, 7.0, 13.0, 7.0, 10.0})
    commits.push_back({median - 1, median, median + 1});
  const auto noise = learn_noise(commits);
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 5u);
  EXPECT_NEAR(noise->deviation, 3.0, 1e-12);
  EXPECT_NEAR(noise->drift, 3.0 * 1.15, 1e-12);
  EXPECT_DOUBLE_EQ(noise->degrees_of_freedom, 4.0);
  CheckRule rule;
  rule.tolerance = 5.0;
  const std::string text = tolerance_text(rule, noise, 5.0, 4);
  EXPECT_NE(text.find("the commit medians spread 3.4× as much as their repetitions predict"), std::string::npos)
      << text;
  // Below twice, the text says nothing of it.
  LearnedNoise slight = *noise;
  slight.drift = 1.9;
  EXPECT_EQ(tolerance_text(rule, slight, 5.0, 4).find("repetitions predict"), std::string::npos);
}

TEST(Noise, a_drift_decided_for_the_cell_overrides_the_checks_own_test) {
  // The steady history above, told the runner drifts: the medians' spread alone counts, 4 degrees
  // of freedom; the scale stays the larger part (1/1.15), the medians spreading by 0.
  const std::vector<std::vector<double>> steady(5, std::vector<double>{9.0, 10.0, 11.0});
  const auto drifting = learn_noise(steady, true);
  ASSERT_TRUE(drifting);
  EXPECT_DOUBLE_EQ(drifting->degrees_of_freedom, 4.0);
  EXPECT_NEAR(drifting->deviation, 1.0 / 1.15, 1e-12);
  // The drifting history below (medians 13, 7, 13, 7, 10), told the runner is steady: both parts
  // count, 5 + 4 degrees of freedom, and the scale is still the larger, the medians' 3.
  std::vector<std::vector<double>> commits;
  for (const double median : {13.0, 7.0, 13.0, 7.0, 10.0})
    commits.push_back({median - 1, median, median + 1});
  const auto steady_runner = learn_noise(commits, false);
  ASSERT_TRUE(steady_runner);
  EXPECT_DOUBLE_EQ(steady_runner->degrees_of_freedom, 9.0);
  EXPECT_NEAR(steady_runner->deviation, 3.0, 1e-12);
  EXPECT_EQ(steady_runner->drift, 0.0);
  ASSERT_TRUE(steady_runner->drift_p_value); // the test is still reported
  EXPECT_LT(*steady_runner->drift_p_value, 0.05);
}

TEST(Noise, a_cell_drifts_when_the_median_of_its_drift_tests_is_low_or_one_check_alone_when_its_own_is) {
  const std::vector<double> steady_cell{0.6, 0.7, 0.2, 0.9, 0.4};    // median 0.6
  EXPECT_EQ(shared_drift(steady_cell, 0.2), false);                  // 0.2 alone: chance
  EXPECT_EQ(shared_drift(steady_cell, 0.05), true);                  // below 0.1: this region drifts
  const std::vector<double> drifting_cell{0.1, 0.2, 0.3, 0.05, 0.9}; // median 0.2, below 0.35
  EXPECT_EQ(shared_drift(drifting_cell, 0.9), true);
  // Four checks are too few to judge the cell: each check's own test decides.
  EXPECT_EQ(shared_drift(std::vector<double>{0.6, 0.7, 0.9, 0.4}, 0.2), std::nullopt);
}

TEST(Noise, the_level_starts_at_the_histories_last_change_point) {
  // Three commits at 10, then five at 20 (counts: no noise, so any lasting move is a shift).
  std::vector<std::vector<double>> commits(3, std::vector<double>{10.0, 10.0});
  commits.insert(commits.end(), 5, std::vector<double>{20.0, 20.0});
  const auto noise = learn_noise(commits);
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 5u);
}

TEST(Noise, a_baseline_off_its_level_is_the_reference_alone) {
  // Six commits at 10 and a baseline at 20: one commit is no change point, and the baseline is
  // 10 away from a level whose noise is 0.
  std::vector<std::vector<double>> commits(6, std::vector<double>{10.0, 10.0});
  commits.push_back({20.0, 20.0});
  const auto noise = learn_noise(commits);
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->level_commits, 1u);
}

TEST(Noise, tolerance_is_two_and_a_half_standard_deviations_of_the_difference_with_the_level) {
  CheckRule relative;
  relative.tolerance = 5.0;
  // σ = 2 around a median of 100: 2% of it; against a level of 11 commits, √(1 + 1/11) of it.
  EXPECT_NEAR(tolerance_with_noise(relative, LearnedNoise{11, 2.0, 11}, 100.0), 2.5 * std::sqrt(12.0 / 11.0) * 2.0,
              1e-12);
  // Against the baseline alone, a difference of two medians: √2·σ.
  EXPECT_NEAR(tolerance_with_noise(relative, LearnedNoise{11, 2.0, 1}, 100.0), 2.5 * std::sqrt(2.0) * 2.0, 1e-12);
  CheckRule points;
  points.tolerance_in_pp = true;
  points.tolerance = 2.0;
  // σ = 0.01 of an efficiency is 1 pp.
  EXPECT_NEAR(tolerance_with_noise(points, LearnedNoise{10, 0.01, 1}, 0.9), 2.5 * std::sqrt(2.0), 1e-12);
  EXPECT_DOUBLE_EQ(tolerance_with_noise(points, std::nullopt, 0.9), 2.0);
}

TEST(Noise, an_identical_history_tightens_the_tolerance_to_a_fifth_of_the_configured_one) {
  CheckRule relative;
  relative.tolerance = 5.0;
  EXPECT_DOUBLE_EQ(tolerance_with_noise(relative, LearnedNoise{11, 0.0, 11}, 100.0), 1.0);
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
  const Check configured = elapsed_check(gate_newest(runs, "c12", 0));
  EXPECT_EQ(configured.result.verdict, Verdict::pass);
  EXPECT_DOUBLE_EQ(configured.rule.tolerance, 5.0);
}

TEST(Noise, a_noisy_history_widens_the_tolerance_past_a_move_of_its_usual_size) {
  // Commit medians 1 + 0.01·k, k = 3, −2, 5, −4, 1, −5, 2, −1, 4, −3, 0 (the baseline, c11): the
  // repetitions barely spread, but the medians do: the k average 0, so their standard deviation
  // is √(Σk²/10)% = √(110/10)% = 3.32%, far beyond what the repetitions predict (the runner drifts).
  // Against the level of all 11 commits (no window of five differs from the next by 4 standard
  // deviations; pooled median 1) the tolerance is 2.5·√11%·√(12/11) = 2.5·√12% = 8.66%. The
  // candidate, 8% slower, passes; against the configured 5% and the baseline alone it would fail.
  const int offsets[] = {3, -2, 5, -4, 1, -5, 2, -1, 4, -3, 0};
  const auto runs = history_of(12, [&](int commit) { return commit == 12 ? 1.08 : 1.0 + 0.01 * offsets[commit - 1]; });
  const Check learned = elapsed_check(gate_newest(runs, "c12", 10));
  EXPECT_EQ(learned.result.verdict, Verdict::pass);
  ASSERT_TRUE(learned.noise);
  EXPECT_EQ(learned.noise->level_commits, 11u);
  EXPECT_NEAR(learned.rule.tolerance, 2.5 * std::sqrt(12.0), 0.01);
  EXPECT_DOUBLE_EQ(learned.noise->degrees_of_freedom, 10.0); // the medians' spread alone
  EXPECT_NE(tolerance_of(learned).find("as much as their repetitions predict: the runner's state moves"),
            std::string::npos)
      << tolerance_of(learned);
  EXPECT_NEAR(learned.result.change, 8.0, 0.01);
  EXPECT_EQ(elapsed_check(gate_newest(runs, "c12", 0)).result.verdict, Verdict::regression);
}

/// `regions` regions (r0, r1, ...) of one program at 4 ranks, 12 commits of five repetitions (each
/// 1 + 0.001·(r − 2), as history_of); the first `drifting` regions' commit medians move by
/// 1 + 0.0004·k, k = 3, −2, 5, −4, 1, −5, 2, −1, 4, −3, 0 for c01..c11 (c12, the candidate, at 0),
/// the others' never: r0's drift test on its own gives p = 0.30 (below the own test's 0.5).
analysis::ingest::RunSet cell_of(int regions, int drifting) {
  const int offsets[] = {3, -2, 5, -4, 1, -5, 2, -1, 4, -3, 0, 0};
  analysis::ingest::RunSet runs;
  for (int commit = 1; commit <= 12; ++commit) {
    char name[16], time[32];
    std::snprintf(name, sizeof name, "c%02d", commit);
    std::snprintf(time, sizeof time, "2026-01-%02dT00:00:00Z", commit);
    for (int region = 0; region < regions; ++region) {
      const double median = region < drifting ? 1.0 + 0.0004 * offsets[commit - 1] : 1.0;
      for (int repetition = 0; repetition < 5; ++repetition) {
        testing::GateRunShape shape{name, "r" + std::to_string(region), 4};
        shape.useful_avg_ns *= median * (1.0 + 0.001 * (repetition - 2));
        runs.runs.push_back(testing::gate_run(shape));
        runs.runs.back().document.source->commit_time = time;
      }
    }
  }
  return runs;
}

const Check& elapsed_of(const GateResult& result, const std::string& region) {
  for (const Check& check : result.checks) {
    if (check.metric == MetricId::elapsed_ns && check.region == region) return check;
  }
  throw std::runtime_error("no elapsed time check of " + region);
}

TEST(Noise, the_runners_drift_is_decided_over_the_regions_of_a_configuration) {
  // Degrees of freedom of an elapsed time learned from 11 commits of 5 repetitions, one level:
  // the medians' spread 10, the repetitions' 0.5 × 11 × 4 = 22 more.
  const double medians_only = 10, both = 10 + 22;
  // r0 alone: its own test (p = 0.30 < 0.5) calls it a drift, the medians' spread alone counts.
  const GateResult alone = gate_newest(cell_of(1, 1), "c12", 10);
  const Check& own = elapsed_of(alone, "r0");
  ASSERT_TRUE(own.noise && own.noise->drift_p_value);
  ASSERT_GT(*own.noise->drift_p_value, lone_drift_level);
  ASSERT_LT(*own.noise->drift_p_value, shared_drift_level);
  EXPECT_DOUBLE_EQ(own.noise->degrees_of_freedom, medians_only);
  // Beside five regions whose medians never move (p = 1, the cell's median), the runner is steady:
  // r0's spread was chance, and both parts count; the scale itself is the same.
  const GateResult steady = gate_newest(cell_of(6, 1), "c12", 10);
  ASSERT_TRUE(elapsed_of(steady, "r0").noise);
  EXPECT_DOUBLE_EQ(elapsed_of(steady, "r0").noise->degrees_of_freedom, both);
  EXPECT_DOUBLE_EQ(elapsed_of(steady, "r0").noise->deviation, own.noise->deviation);
  // Five regions spreading alike (the cell's median p = 0.30, below 0.35): the runner drifts for
  // the sixth too, whose own medians never moved.
  const GateResult drifting = gate_newest(cell_of(6, 5), "c12", 10);
  ASSERT_TRUE(elapsed_of(drifting, "r5").noise);
  EXPECT_DOUBLE_EQ(elapsed_of(drifting, "r5").noise->degrees_of_freedom, medians_only);
  // Alone, such a region keeps both parts.
  const GateResult quiet = gate_newest(cell_of(1, 0), "c12", 10);
  ASSERT_TRUE(elapsed_of(quiet, "r0").noise);
  EXPECT_DOUBLE_EQ(elapsed_of(quiet, "r0").noise->degrees_of_freedom, both);
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

TEST(Noise, too_short_a_history_keeps_the_configured_tolerance_and_says_so) {
  const auto runs = history_of(4, [](int commit) { return commit == 4 ? 1.03 : 1.0; });
  const Check check = elapsed_check(gate_newest(runs, "c04", 10));
  EXPECT_EQ(check.result.verdict, Verdict::pass);
  EXPECT_EQ(check.history_commits, 3u);
  EXPECT_EQ(tolerance_of(check), "tolerance 5% configured (3 commits with runs in the history; 5 needed to learn "
                                 "its noise)");
}

} // namespace
} // namespace tally::gate
