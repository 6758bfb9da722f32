// SPDX-License-Identifier: BSD-3-Clause
// The gate of an A/B study: pairs built by hand, expected values from the paired t's formula.
#include "gate/paired.hpp"
#include "gate/paired_uniform.hpp"

#include "gate/reports.hpp"

#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tally::gate {
namespace {

using analysis::ingest::LoadedRun;
using analysis::ingest::RunSet;

/// One run of an A/B study: Global and the named regions (their elapsed seconds) on `ranks` ranks,
/// all useful time, so every efficiency is exactly 1.
LoadedRun study_run(const std::string& study, model::AbSide side, std::uint64_t pair,
                    const std::vector<std::pair<std::string, double>>& regions, std::uint64_t ranks = 1) {
  analysis::testing::RunShape shape;
  shape.commit = side == model::AbSide::baseline ? "base" : "cand";
  shape.ranks = ranks;
  const auto ns = [](double seconds) { return static_cast<std::uint64_t>(std::llround(seconds * 1e9)); };
  LoadedRun run;
  for (const auto& [name, seconds] : regions) {
    shape.region = name;
    LoadedRun part = analysis::testing::make_run(shape, ns(seconds), ns(seconds));
    if (run.document.regions.empty())
      run = std::move(part);
    else
      run.document.regions.push_back(std::move(part.document.regions.front()));
  }
  run.document.run.id =
      study + "-" + std::string(model::to_string(side)) + "-" + std::to_string(pair) + "-r" + std::to_string(ranks);
  run.document.run.ab_study = model::AbStudyRun{study, side, pair};
  return run;
}

/// A study of `pairs` pairs on `ranks` ranks: the baseline's regions take `seconds(pair, region)`,
/// the candidate's that times `factor(pair, region)`.
RunSet study_of(std::size_t pairs, std::size_t regions, const auto& seconds, const auto& factor,
                const std::string& id = "study-1", std::uint64_t ranks = 1) {
  RunSet out;
  for (std::size_t pair = 1; pair <= pairs; ++pair) {
    std::vector<std::pair<std::string, double>> baseline, candidate;
    for (std::size_t r = 0; r < regions; ++r) {
      const std::string name = r == 0 ? "Global" : "region" + std::to_string(r);
      baseline.emplace_back(name, seconds(pair, r));
      candidate.emplace_back(name, seconds(pair, r) * factor(pair, r));
    }
    out.runs.push_back(study_run(id, model::AbSide::baseline, pair, baseline, ranks));
    out.runs.push_back(study_run(id, model::AbSide::candidate, pair, candidate, ranks));
  }
  return out;
}

const Check& check_of(const GateResult& result, const std::string& region, model::MetricId metric) {
  for (const Check& check : result.checks) {
    if (check.region == region && check.metric == metric) return check;
  }
  throw std::runtime_error("no check of " + region);
}

AbStudy study_in(const RunSet& runs) { return std::get<AbStudy>(find_ab_study(runs, "")); }

TEST(PairedGate, pair_differences_are_log_ratios_of_times_and_differences_of_efficiencies) {
  CheckRule time;
  EXPECT_DOUBLE_EQ(*pair_difference(time, 2.0, 2.06), std::log(1.03));
  EXPECT_FALSE(pair_difference(time, 0.0, 1.0)) << "no ratio of a value that is not positive";
  CheckRule efficiency;
  efficiency.tolerance_in_pp = true;
  EXPECT_NEAR(*pair_difference(efficiency, 0.90, 0.87), -0.03, 1e-12);
}

TEST(PairedGate, paired_differences_are_their_mean_and_sample_variance_with_pairs_less_one_degrees) {
  const std::vector<double> differences{0.01, 0.03, 0.02, 0.04, 0.00};
  const PairedDifferences out = paired_differences(differences);
  EXPECT_DOUBLE_EQ(out.mean, 0.02);
  // ((−1)² + 1² + 0² + 2² + (−2)²) × 10⁻⁴ / 4
  EXPECT_NEAR(out.variance, 2.5e-4, 1e-15);
  EXPECT_EQ(out.degrees_of_freedom, 4);
  EXPECT_EQ(paired_differences(std::vector<double>{0.05}).degrees_of_freedom, 0) << "one pair has no spread";
}

TEST(PairedGate, a_region_slower_in_every_pair_is_judged_by_the_paired_t_whatever_the_runner_did_between_pairs) {
  // The runner moves every region by 10% between pairs; region1 is 5%, 6%, 4%, 5%, 5% slower within
  // each, Global not. d = ln(1.05), ln(1.06), ln(1.04), ln(1.05), ln(1.05): mean 0.048772, sample
  // variance 4.5355e-5, standard error √(4.5355e-5 / 5) = 0.0030118; the move read as a ratio,
  // z = (e^0.048772 − 1) / 0.0030118 = 16.595 (the log's own t is 16.19), 4 degrees of freedom.
  const std::vector<double> runner{1.00, 1.10, 0.95, 1.05, 1.02};
  const std::vector<double> slower{1.05, 1.06, 1.04, 1.05, 1.05};
  const RunSet runs = study_of(
      5, 2, [&](std::size_t pair, std::size_t r) { return runner[pair - 1] * (r == 0 ? 10.0 : 1.0); },
      [&](std::size_t pair, std::size_t r) { return r == 0 ? 1.0 : slower[pair - 1]; });
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  const Check& region = check_of(result, "region1", model::MetricId::elapsed_ns);
  EXPECT_EQ(region.pairs, 5u);
  EXPECT_EQ(region.result.evidence, Evidence::paired_differences);
  EXPECT_NEAR(*region.result.z, 16.595, 1e-3);
  EXPECT_NEAR(region.result.change, 4.998, 1e-3) << "100 × (e^mean − 1)";
  EXPECT_EQ(region.result.p_one_job, region.result.p_value) << "no prior: one job's degrees are the pooled ones";
  EXPECT_EQ(region.prior_degrees_of_freedom, 0) << "one check of a metric with a spread fits no prior";
  EXPECT_EQ(region.result.verdict, Verdict::regression);
  EXPECT_EQ(exit_code_of(result), 1);
  EXPECT_TRUE(result.uniform_moves.empty()) << "region1 moved beyond Global: no move is the whole code's";
  // The pairs' levels (mean log of both sides' Global) are ln of the runner's: standard deviation
  // over 5 pairs 5.47%.
  ASSERT_EQ(result.runner_notes.size(), 1u);
  EXPECT_NE(result.runner_notes.front().find("drifted 5.5% between the study's 5 pairs"), std::string::npos)
      << result.runner_notes.front();
}

TEST(PairedGate, global_alone_slower_in_every_pair_is_the_whole_codes_move_with_the_paired_t) {
  // Global alone, 5%, 6%, 4%, 5%, 5% slower within pairs the runner moves by 10%: its log ratios are
  // the whole code's move, judged against their own spread (one configuration: 4 degrees of
  // freedom), z = 16.595 as the paired t above; removed from Global's own elapsed time.
  const std::vector<double> runner{1.00, 1.10, 0.95, 1.05, 1.02};
  const std::vector<double> slower{1.05, 1.06, 1.04, 1.05, 1.05};
  const RunSet runs = study_of(
      5, 1, [&](std::size_t pair, std::size_t) { return runner[pair - 1]; },
      [&](std::size_t pair, std::size_t) { return slower[pair - 1]; });
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  ASSERT_EQ(result.uniform_moves.size(), 1u);
  const UniformMove& move = result.uniform_moves.front();
  EXPECT_TRUE(move.paired);
  EXPECT_TRUE(move.global_alone);
  EXPECT_NEAR(*move.result.z, 16.595, 1e-3);
  EXPECT_NEAR(move.result.change, 4.998, 1e-3);
  EXPECT_EQ(check_of(result, "Global", model::MetricId::elapsed_ns).result.change, 0)
      << "the whole code's move is removed from Global's elapsed time";
  EXPECT_EQ(exit_code_of(result), 1);
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.run_events.front().kind, RunEventKind::uniform);
  const std::string& text = result.run_events.front().description;
  EXPECT_EQ(text.rfind("uniform: Global's elapsed time 5.0% slower in the candidate at ", 0), 0u) << text;
  EXPECT_NE(text.find(", paired on one runner (z = 16.6; "), std::string::npos) << text;
  EXPECT_EQ(text.substr(text.size() - 31), "the whole code, its only region") << text;
  ASSERT_FALSE(result.findings.empty());
  EXPECT_EQ(result.findings.front().region, "Global");
}

TEST(PairedGate, global_alones_move_at_one_configuration_keeps_its_own_spread_beside_a_noisy_one) {
  // At 1 rank, Global 5%, 6%, 4%, 5%, 5% slower (z = 16.595 on its own spread, as above); at 2
  // ranks, 50% slower, 40% faster, ... pair by pair (log ratios spread about 37%). Pooled, the 2
  // ranks' spread would hide the 1 rank's move; each configuration keeps its own.
  const std::vector<double> slower{1.05, 1.06, 1.04, 1.05, 1.05}, noisy{1.5, 0.6, 1.4, 0.7, 1.0};
  RunSet runs = study_of(
      5, 1, [](std::size_t pair, std::size_t) { return 1.0 + 0.1 * static_cast<double>(pair); },
      [&](std::size_t pair, std::size_t) { return slower[pair - 1]; });
  const RunSet two_ranks = study_of(
      5, 1, [](std::size_t pair, std::size_t) { return 1.0 + 0.1 * static_cast<double>(pair); },
      [&](std::size_t pair, std::size_t) { return noisy[pair - 1]; }, "study-1", 2);
  runs.runs.insert(runs.runs.end(), two_ranks.runs.begin(), two_ranks.runs.end());
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  ASSERT_EQ(result.uniform_moves.size(), 2u);
  const auto one_rank = std::find_if(result.uniform_moves.begin(), result.uniform_moves.end(),
                                     [](const UniformMove& move) { return move.configuration.ranks == 1; });
  ASSERT_NE(one_rank, result.uniform_moves.end());
  EXPECT_NEAR(*one_rank->result.z, 16.595, 1e-3);
  EXPECT_EQ(exit_code_of(result), 1);
  ASSERT_FALSE(result.run_events.empty());
  EXPECT_NE(result.run_events.front().description.find("5.0% slower in the candidate at 1 node · 1 rank"),
            std::string::npos)
      << result.run_events.front().description;
}

TEST(PairedGate, global_and_two_regions_slower_alike_are_the_whole_codes_move_their_weighted_mean) {
  // 4 pairs, Global and two regions, each about 3% slower in every pair (the runner moves them by
  // 4% between pairs). Log ratios (×10⁻³): region1 ln 1.031, 1.029, 1.030, 1.031 = 30.529, 28.587,
  // 29.559, 30.529; region2 ln 1.029, 1.030, 1.031, 1.030 = 28.587, 29.559, 30.529, 29.559; Global
  // ln 1.030 every pair = 29.559. Each region's difference from Global has mean 0.243 and 0 (sample
  // standard deviations 0.93 and 0.79): both moved as Global did. The variances of one pair's log
  // ratio, 0.864e-6 (region1) and 0.629e-6 (region2), are below the floor of (10⁻³)², so the weights
  // are equal and each pair's move is the regions' plain mean: 29.558, 29.073, 30.044, 30.044, whose
  // mean 29.680 reads 100 × (e^0.029680 − 1) = 3.0125%.
  const std::vector<std::vector<double>> factor{
      {1.030, 1.031, 1.029}, {1.030, 1.029, 1.030}, {1.030, 1.030, 1.031}, {1.030, 1.031, 1.030}};
  const RunSet runs = study_of(
      4, 3, [](std::size_t pair, std::size_t r) { return (1.0 + 0.04 * pair) * (r == 0 ? 10.0 : 4.0); },
      [&](std::size_t pair, std::size_t r) { return factor[pair - 1][r]; });
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  ASSERT_EQ(result.uniform_moves.size(), 1u);
  const UniformMove& move = result.uniform_moves.front();
  EXPECT_FALSE(move.global_alone);
  EXPECT_NEAR(move.result.change, 3.0125, 2e-4);
  EXPECT_TRUE(move.result.kept);
  EXPECT_EQ(result.overall, Verdict::regression);
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.run_events.front().description.rfind("uniform: every region 3.0% slower in the candidate at ", 0),
            0u)
      << result.run_events.front().description;
  for (const Check& check : result.checks)
    EXPECT_NE(check.result.verdict, Verdict::regression) << check_name(check) << ": the move is the whole code's";
}

TEST(PairedGate, a_region_grown_beyond_global_is_named_not_called_the_whole_codes_move) {
  // 4 pairs: region1 (half of Global) 10% slower, Global 5% slower, region2 not: region1's log
  // ratios less Global's are ln(1.10 / 1.05) = 0.0465 give or take 0.001 in every pair, far beyond
  // their spread, so no move is the whole code's. region1 is judged on its own pairs: ln 1.100,
  // 1.101, 1.099, 1.100 = 95.310, 96.219, 94.401, 95.310 (×10⁻³), mean 95.310, read 10.0%.
  const std::vector<std::vector<double>> factor{
      {1.050, 1.100, 1.000}, {1.051, 1.101, 1.001}, {1.049, 1.099, 0.999}, {1.050, 1.100, 1.000}};
  const RunSet runs = study_of(
      4, 3, [](std::size_t pair, std::size_t r) { return (1.0 + 0.04 * pair) * (r == 0 ? 10.0 : 5.0); },
      [&](std::size_t pair, std::size_t r) { return factor[pair - 1][r]; });
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  EXPECT_TRUE(result.uniform_moves.empty());
  EXPECT_TRUE(result.run_events.empty()) << "nothing is called uniform";
  const Check& grown = check_of(result, "region1", model::MetricId::elapsed_ns);
  EXPECT_NEAR(grown.result.change, 10.0, 1e-3);
  EXPECT_EQ(grown.result.verdict, Verdict::regression);
  EXPECT_EQ(result.overall, Verdict::regression);
  ASSERT_FALSE(result.findings.empty());
  EXPECT_EQ(result.findings.front().region, "region1") << result.findings.front().summary;
}

TEST(PairedGate, identical_sides_pass) {
  const RunSet runs = study_of(
      5, 6, [](std::size_t pair, std::size_t r) { return (1.0 + 0.03 * pair) * (r == 0 ? 10.0 : 1.0 + r); },
      [](std::size_t, std::size_t) { return 1.0; });
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  EXPECT_EQ(result.overall, Verdict::pass);
  EXPECT_EQ(exit_code_of(result), 0);
  EXPECT_EQ(result.baseline_runs, 5u);
  EXPECT_EQ(result.candidate_runs, 5u);
  ASSERT_EQ(result.uniform_moves.size(), 1u);
  EXPECT_EQ(result.uniform_moves.front().result.change, 0);
}

TEST(PairedGate, a_uniform_slowdown_of_every_region_is_the_whole_codes_move_not_each_regions) {
  // Every region 3% slower in every pair, give or take 0.1% of region and pair: the weighted
  // median of each pair's regions is within 0.1% of 3%, and no region moved beyond it.
  const RunSet runs = study_of(
      5, 6, [](std::size_t pair, std::size_t r) { return (1.0 + 0.03 * pair) * (r == 0 ? 10.0 : 1.0 + r); },
      [](std::size_t pair, std::size_t r) {
        return 1.03 + 0.0005 * static_cast<double>((pair * 7 + r * 3) % 5) - 0.001;
      });
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  ASSERT_EQ(result.uniform_moves.size(), 1u);
  const UniformMove& move = result.uniform_moves.front();
  EXPECT_TRUE(move.paired);
  EXPECT_NEAR(move.result.change, 3.0, 0.1);
  EXPECT_TRUE(move.result.kept);
  EXPECT_EQ(result.overall, Verdict::regression);
  ASSERT_EQ(result.run_events.size(), 1u);
  EXPECT_EQ(result.run_events.front().kind, RunEventKind::uniform);
  for (const Check& check : result.checks)
    EXPECT_NE(check.result.verdict, Verdict::regression) << check_name(check) << ": the move is the whole code's";
}

TEST(PairedGate, a_paired_checks_report_says_how_many_pairs_its_tolerance_came_from_and_the_runners_drift) {
  const RunSet runs = study_of(
      3, 1, [](std::size_t pair, std::size_t) { return 1.0 + 0.1 * pair; },
      [](std::size_t pair, std::size_t) { return 1.0 + 0.001 * pair; });
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  EXPECT_EQ(tolerance_of(check_of(result, "Global", model::MetricId::elapsed_ns))
                .rfind("tolerance 1% from the differences of 3 pairs", 0),
            0u);
  std::ostringstream markdown;
  write_markdown(markdown, {"cand", "base"}, result);
  EXPECT_NE(markdown.str().find("Runner: scaling @ "), std::string::npos) << markdown.str();
}

TEST(PairedGate, what_the_pairing_left_out_and_too_few_pairs_are_said_and_few_pairs_are_not_pooled) {
  // 3 pairs at 1 rank, 5 at 2 ranks, and at 4 ranks a baseline run whose candidate never ran.
  const auto seconds = [](std::size_t pair, std::size_t r) { return (1.0 + 0.01 * pair) * (1.0 + r); };
  const auto factor = [](std::size_t pair, std::size_t r) { return 1.0 + 0.002 * static_cast<double>((pair + r) % 3); };
  RunSet runs = study_of(3, 6, seconds, factor, "s", 1);
  for (LoadedRun& run : study_of(5, 6, seconds, factor, "s", 2).runs)
    runs.runs.push_back(std::move(run));
  runs.runs.push_back(study_run("s", model::AbSide::baseline, 1, {{"Global", 1.0}}, 4));
  const GateResult result = compare_pairs(runs, study_in(runs), {}, "2026-11-28");
  const std::string one = "scaling @ 1 node · 1 rank × 1 thread: ";
  const std::string four = "scaling @ 1 node · 4 ranks × 1 thread: ";
  const std::vector<std::string> notes{
      one + "3 pairs: fewer than 5, so each check is judged on its own pairs' spread, not pooled with the "
            "family's (too bold with so few: 19 noise-only studies in 100 red at 3 pairs); it sees less. Run 5 "
            "pairs or more (tally run --repeat)",
      four + "pair 1: no candidate run: left out", four + "no complete pair: not judged"};
  EXPECT_EQ(result.study_notes, notes);
  for (const Check& check : result.checks) {
    if (check.configuration.ranks == 1) {
      EXPECT_EQ(check.prior_degrees_of_freedom, 0) << check_name(check);
    }
    EXPECT_NE(check.configuration.ranks, 4u) << check_name(check);
  }
  std::ostringstream markdown;
  write_markdown(markdown, {"cand", "base"}, result);
  EXPECT_NE(markdown.str().find("### The A/B study's pairs\n\n- " + markdown_escape(notes[0])), std::string::npos)
      << markdown.str();
}

TEST(PairedUniform, each_pairs_median_of_the_regions_is_removed_from_every_region_that_ran_in_it) {
  // Five regions in both pairs, alike in noise: pair 1's log ratios 0.03 four times and 0.10 (the
  // region whose code changed), median 0.03; pair 2's 0.01 to 0.05, median 0.03. A sixth region ran
  // in pair 2 only: it takes no part in the medians but has pair 2's removed.
  const std::vector<std::size_t> both{0, 1}, second{1};
  std::vector<std::vector<double>> ratios{{0.03, 0.01}, {0.03, 0.02}, {0.03, 0.03}, {0.03, 0.04}, {0.10, 0.05}, {0.09}};
  std::vector<RegionLogRatios> regions;
  for (std::size_t r = 0; r < ratios.size(); ++r)
    regions.push_back({"region" + std::to_string(r), r < 5 ? &both : &second, &ratios[r], 1e-4});
  const auto medians = remove_uniform_move(2, regions);
  ASSERT_TRUE(medians);
  EXPECT_DOUBLE_EQ((*medians)[0], 0.03);
  EXPECT_DOUBLE_EQ((*medians)[1], 0.03);
  EXPECT_NEAR(ratios[4][0], 0.07, 1e-12) << "the changed region keeps its move beyond the whole code's";
  EXPECT_NEAR(ratios[4][1], 0.02, 1e-12);
  EXPECT_NEAR(ratios[5][0], 0.06, 1e-12);
  regions.resize(4);
  EXPECT_FALSE(remove_uniform_move(2, regions)) << "four regions tell the code's move from one region's too poorly";
}

TEST(PairedUniform, a_regions_move_as_globals_is_the_paired_t_of_their_differences) {
  // One configuration, 3 pairs: the region's log ratios less Global's are 0.01, 0.02, 0.03: mean
  // 0.02, standard deviation 0.01, t = 0.02 / (0.01 / √3) = 3.4641 with 2 degrees of freedom, whose
  // two-sided p-value is 1 − t / √(t² + 2) = 1 − 3.4641 / √14 = 0.074180.
  const std::vector<std::size_t> pairs{0, 1, 2};
  std::vector<double> global{0.05, -0.02, 0.03}, region{0.06, 0.00, 0.06};
  const std::vector<RegionLogRatios> global_ratios{{"Global", &pairs, &global, 1e-4}};
  const std::vector<RegionLogRatios> region_ratios{{"region1", &pairs, &region, 1e-4}};
  EXPECT_NEAR(moved_as_global_p(region_ratios, global_ratios), 0.074180, 1e-6);
  std::vector<double> same = global;
  const std::vector<RegionLogRatios> alike{{"region1", &pairs, &same, 1e-4}};
  EXPECT_DOUBLE_EQ(moved_as_global_p(alike, global_ratios), 1.0) << "no difference at all: t = 0";
}

TEST(PairedStudy, several_studies_need_one_named_and_a_study_needs_both_sides) {
  const auto seconds = [](std::size_t, std::size_t) { return 1.0; };
  RunSet runs = study_of(2, 1, seconds, seconds, "study-a");
  RunSet other = study_of(2, 1, seconds, seconds, "study-b");
  runs.runs.insert(runs.runs.end(), other.runs.begin(), other.runs.end());
  EXPECT_EQ(std::get<AbStudyError>(find_ab_study(runs, "")).message,
            "the input holds 2 A/B studies (study-a, study-b): name one with --study");
  const AbStudy named = std::get<AbStudy>(find_ab_study(runs, "study-b"));
  EXPECT_EQ(named.id, "study-b");
  EXPECT_EQ(named.baseline_commit, "base");
  EXPECT_EQ(named.candidate_commit, "cand");

  RunSet one_sided;
  for (const LoadedRun& run : other.runs) {
    if (run.document.run.ab_study->side == model::AbSide::baseline) one_sided.runs.push_back(run);
  }
  EXPECT_EQ(std::get<AbStudyError>(find_ab_study(one_sided, "")).message,
            "the A/B study study-b has no candidate runs: nothing to pair them with");
  EXPECT_FALSE(has_ab_study(RunSet{}));
}

} // namespace
} // namespace tally::gate
