// SPDX-License-Identifier: BSD-3-Clause
// Tolerances learned from the history, on spreads computed by hand.
#include "gate/commit_selection.hpp"
#include "gate/noise.hpp"
#include "gate/reports.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace tally::gate {
namespace {

using model::MetricId;

TEST(Noise, fewer_than_five_commit_medians_teach_nothing) { EXPECT_FALSE(learn_noise({1.0, 2.0, 3.0, 4.0})); }

TEST(Noise, the_spread_is_the_scaled_median_absolute_deviation) {
  // Median 3, absolute deviations 2, 1, 0, 1, 2: MAD 1.
  const auto noise = learn_noise({5.0, 1.0, 3.0, 2.0, 4.0});
  ASSERT_TRUE(noise);
  EXPECT_EQ(noise->commits, 5u);
  EXPECT_DOUBLE_EQ(noise->deviation, 1.4826);
}

TEST(Noise, tolerance_is_three_standard_deviations_of_a_difference_of_two_medians) {
  CheckRule relative;
  relative.tolerance = 5.0;
  // σ = 2 around a median of 100: 2% of it, times 3·√2.
  EXPECT_NEAR(tolerance_with_noise(relative, LearnedNoise{10, 2.0}, 100.0), 3 * std::sqrt(2.0) * 2.0, 1e-12);
  CheckRule points;
  points.tolerance_in_pp = true;
  points.tolerance = 2.0;
  // σ = 0.01 of an efficiency is 1 pp.
  EXPECT_NEAR(tolerance_with_noise(points, LearnedNoise{10, 0.01}, 0.9), 3 * std::sqrt(2.0), 1e-12);
  EXPECT_DOUBLE_EQ(tolerance_with_noise(points, std::nullopt, 0.9), 2.0);
}

TEST(Noise, an_identical_history_tightens_the_tolerance_to_a_fifth_of_the_configured_one) {
  CheckRule relative;
  relative.tolerance = 5.0;
  EXPECT_DOUBLE_EQ(tolerance_with_noise(relative, LearnedNoise{11, 0.0}, 100.0), 1.0);
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
  // Commit medians 1 + 0.01·k, k = −5..5 in a shuffled order, the baseline (c11) at k = 0: the
  // median absolute deviation is 0.03, σ = 4.45%, the tolerance 3·√2·4.45% = 18.9%. The candidate,
  // 10% slower, passes; against the configured 5% it would fail.
  const int offsets[] = {3, -2, 5, -4, 1, -5, 2, -1, 4, -3, 0};
  const auto runs = history_of(12, [&](int commit) { return commit == 12 ? 1.10 : 1.0 + 0.01 * offsets[commit - 1]; });
  const Check learned = elapsed_check(gate_newest(runs, "c12", 10));
  EXPECT_EQ(learned.result.verdict, Verdict::pass);
  EXPECT_NEAR(learned.rule.tolerance, 3 * std::sqrt(2.0) * 1.4826 * 3.0, 0.2);
  EXPECT_EQ(elapsed_check(gate_newest(runs, "c12", 0)).result.verdict, Verdict::regression);
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
