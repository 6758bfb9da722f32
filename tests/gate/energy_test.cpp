// SPDX-License-Identifier: BSD-3-Clause
// Energy to solution as a checked metric: learned noise, findings and the region that spent it,
// and only between runs whose energy is of one source and one set of domains.
#include "gate/attribution.hpp"
#include "gate/decision.hpp"

#include "gate_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>

namespace tally::gate {
namespace {

using model::MetricId;
using testing::gate_run;
using testing::GateRunShape;

/// What one run spends, in joules, in Global and in solve (inside Global); `source` empty: no energy.
struct Spent {
  double global = 100;
  double solve = 60;
  std::string source = "measured";
  bool dram = true;           ///< whether the dram counter was read
  double solve_spread = 0.04; ///< how far solve's energy scatters around its median, relative (Global's: 4%)
  double time = 1;            ///< the useful time's factor
};

/// A measured energy of `joules`, 80% package and 20% dram (or package alone without dram).
model::RegionEnergy energy_of(double joules, const Spent& spent) {
  const auto microjoules = [](double j) { return static_cast<std::uint64_t>(std::llround(j * 1e6)); };
  model::RegionEnergy out{spent.source, {{"package", microjoules(0.8 * joules)}}};
  if (spent.dram) out.domains_uj["dram"] = microjoules(0.2 * joules);
  return out;
}

/// A run of Global > solve at 4 ranks: useful time scaled by `time`; energy `step` (−1 to 1) of its
/// spread away from the nominal values: 4% for Global, spent.solve_spread for solve.
analysis::ingest::LoadedRun energy_run(const std::string& commit, int repetition, double time, double step,
                                       const Spent& spent) {
  GateRunShape shape{commit, "Global"};
  shape.useful_avg_ns *= time * spent.time;
  analysis::ingest::LoadedRun run = gate_run(shape);
  model::Region solve = run.document.regions.front();
  solve.name = "solve";
  solve.parent = "Global";
  run.document.regions.push_back(solve);
  if (!spent.source.empty()) {
    run.document.regions[0].energy = energy_of(spent.global * (1 + 0.04 * step), spent);
    run.document.regions[1].energy = energy_of(spent.solve * (1 + spent.solve_spread * step), spent);
  }
  run.document.run.id += "-" + std::to_string(repetition);
  return run;
}

/// Commits c101 (oldest) to c112 (the candidate), c111 the baseline.
CommitSelection newest_of_twelve() {
  CommitSelection selection{{"c112"}, {"c111"}};
  for (int commit = 110; commit >= 101; --commit)
    selection.history.push_back({"c" + std::to_string(commit)});
  return selection;
}

/// Five repetitions a commit whose energies scatter by ±4% (solve's by its spread) and times by ±1%,
/// the same set in every commit in another order: every commit's median is exactly its nominal value.
analysis::ingest::RunSet patterned_history(const Spent& candidate, const Spent& others = {}) {
  constexpr std::array<double, 5> energy{-1.0, -0.5, 0.0, 0.5, 1.0};
  constexpr std::array<double, 5> time{0.99, 0.995, 1.00, 1.005, 1.01};
  analysis::ingest::RunSet runs;
  for (int c = 101; c <= 112; ++c) {
    for (int k = 0; k < 5; ++k) {
      runs.runs.push_back(energy_run("c" + std::to_string(c), k, time[static_cast<std::size_t>(k + 2 * c) % 5],
                                     energy[static_cast<std::size_t>(k + c) % 5], c == 112 ? candidate : others));
    }
  }
  return runs;
}

std::vector<const Check*> checks_of(const GateResult& result, MetricId metric) {
  std::vector<const Check*> out;
  for (const Check& check : result.checks) {
    if (check.metric == metric) out.push_back(&check);
  }
  return out;
}

TEST(Energy, energy_that_rose_at_the_same_time_is_a_regression_naming_energy_and_the_region_that_spent_it) {
  // Every commit's medians: Global 100 J, solve 60 J; the candidate's solve spends 72 J, so Global
  // 112 J (+12%), solve +20%; the times are the same. The history's noise: each commit's
  // {96, 98, 100, 102, 104} J have variance 40/4 = 10 J², the candidate's (±4% of 112 J) 12.544 J²,
  // pooled over 12 commits 10.212 J²; a median of five has 0.2868 of it, 1.7114 J; against the
  // level of 11 commits 2.5·1.7114·√(1 + 1/11) = 4.469 J (4.469%), under the configured 5%;
  // z = 12 / (1.7114·1.0445) = 6.7: kept, beyond it.
  const GateResult result = compare_runs(patterned_history({112, 72}), newest_of_twelve(), {}, "c112", "2026-02-01");
  const auto energy = checks_of(result, MetricId::energy_j);
  ASSERT_EQ(energy.size(), 2u); // Global and solve
  const Check& global = energy[0]->region == "Global" ? *energy[0] : *energy[1];
  EXPECT_NEAR(global.result.baseline_median, 100.0, 1e-9);
  EXPECT_NEAR(global.result.candidate_median, 112.0, 1e-9);
  EXPECT_NEAR(global.result.change, 12.0, 1e-9);
  EXPECT_EQ(global.result.evidence, Evidence::learned_noise);
  EXPECT_NEAR(global.rule.tolerance, 4.469, 1e-3);
  EXPECT_EQ(global.result.verdict, Verdict::regression);
  EXPECT_EQ(global.energy_basis, "measured, package + dram");
  for (const Check* elapsed : checks_of(result, MetricId::elapsed_ns))
    EXPECT_EQ(elapsed->result.verdict, Verdict::pass) << elapsed->region;
  // solve's 12 J are all of Global's 12 J: Global's finding is solve's.
  EXPECT_EQ(result.overall, Verdict::regression);
  ASSERT_TRUE(result.deciding);
  const Finding& finding = result.findings[*result.deciding];
  EXPECT_EQ(finding.metric, MetricId::energy_j);
  EXPECT_EQ(finding.region, "solve");
  EXPECT_EQ(finding.explained_regions, std::vector<std::string>{"Global"});
  // The times did not move, so all of the change is the average power's.
  EXPECT_EQ(finding.summary, "solve: energy to solution (measured, package + dram) 60.00 J \u2192 72.00 J (+20.0 %) at "
                             "4 ranks: 0% from elapsed time, 100% from average power; explains Global");
}

TEST(Energy, a_global_finding_names_the_regions_that_spent_the_energy_when_their_own_checks_stay_in_their_noise) {
  // The same +12 J, but solve's energy, attributed from readings, scatters by ±30%: its 10 pairs of
  // {42, 51, 60, 69, 78} J differ by a median of 18 J, σ = 1.4826·18/√2 = 18.9 J a run, 10.6 J a
  // median of five, so z = 12 / (10.6·1.044) = 1.1 and its check passes. Global's own +12% stands,
  // and names solve, which spent all 12 J of it.
  Spent candidate{112, 72};
  candidate.solve_spread = 0.3;
  Spent others;
  others.solve_spread = 0.3;
  const GateResult result =
      compare_runs(patterned_history(candidate, others), newest_of_twelve(), {}, "c112", "2026-02-01");
  ASSERT_TRUE(result.deciding);
  const Finding& finding = result.findings[*result.deciding];
  EXPECT_EQ(finding.verdict, Verdict::regression);
  EXPECT_EQ(finding.summary,
            "Global: energy to solution (measured, package + dram) 100.00 J \u2192 112.00 J (+12.0 %) at "
            "4 ranks: 0% from elapsed time, 100% from average power; spent in solve (+12.0 J, 100%)");
}

TEST(Energy, energy_that_rose_with_the_time_belongs_to_the_time_finding) {
  // 12% slower at the same power: 12% more energy. One cause, the elapsed time; the energy checks
  // are among its checks, not a finding of their own.
  Spent candidate{112, 67.2};
  candidate.time = 1.12;
  const GateResult result = compare_runs(patterned_history(candidate), newest_of_twelve(), {}, "c112", "2026-02-01");
  ASSERT_TRUE(result.deciding);
  const Finding& finding = result.findings[*result.deciding];
  EXPECT_EQ(finding.metric, MetricId::elapsed_ns);
  EXPECT_TRUE(std::none_of(result.findings.begin(), result.findings.end(),
                           [](const Finding& other) { return other.metric == MetricId::energy_j; }));
  const auto energy_checks = std::count_if(finding.checks.begin(), finding.checks.end(), [&](std::size_t index) {
    return result.checks[index].metric == MetricId::energy_j;
  });
  EXPECT_EQ(energy_checks, 2); // Global's and solve's
}

TEST(Energy, rules_and_waivers_name_energy_by_its_metric_key) {
  // A rule that ignores energy_j leaves no energy check, and it checked something; a waiver of
  // energy_j turns the same regression into a waived finding, and the commit passes.
  GateConfig ignored;
  RuleOverride energy_rule;
  energy_rule.metrics = "energy_j";
  energy_rule.direction = Direction::ignored;
  ignored.rules.push_back(energy_rule);
  const GateResult unchecked =
      compare_runs(patterned_history({112, 72}), newest_of_twelve(), ignored, "c112", "2026-02-01");
  EXPECT_TRUE(checks_of(unchecked, MetricId::energy_j).empty());
  EXPECT_EQ(unchecked.overall, Verdict::pass);
  GateConfig waived;
  Waiver waiver;
  waiver.metric = "energy_j";
  waiver.reason = "new solver";
  waiver.expires = "2026-03-01";
  waived.waivers.push_back(waiver);
  const GateResult known = compare_runs(patterned_history({112, 72}), newest_of_twelve(), waived, "c112", "2026-02-01");
  EXPECT_EQ(known.overall, Verdict::pass);
  ASSERT_EQ(known.findings.size(), 1u);
  EXPECT_EQ(known.findings[0].verdict, Verdict::waived);
  EXPECT_EQ(known.findings[0].metric, MetricId::energy_j);
  EXPECT_TRUE(known.unused_rules.empty()) << known.unused_rules.front();
  // Without energy in the candidate's runs, a rule on energy_j checks nothing and says why.
  RuleOverride tolerance;
  tolerance.metrics = "energy_j";
  tolerance.tolerance_percent = 10.0;
  GateConfig strict;
  strict.rules.push_back(tolerance);
  const GateResult none =
      compare_runs(patterned_history({112, 72, ""}), newest_of_twelve(), strict, "c112", "2026-02-01");
  ASSERT_EQ(none.unused_rules.size(), 1u);
  EXPECT_NE(none.unused_rules[0].find("energy_j energy of one source on both sides"), std::string::npos)
      << none.unused_rules[0];
}

TEST(Energy, noise_only_energy_fails_at_most_one_history_in_ten) {
  // Energies 3% noisy, times 1%: two energy checks among the comparison's, nothing changed.
  int red = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    std::mt19937_64 generator(seed);
    const auto factor = [&](double relative) {
      return 1.0 + std::normal_distribution<double>(0.0, relative)(generator);
    };
    analysis::ingest::RunSet runs;
    for (int c = 101; c <= 112; ++c) {
      for (int k = 0; k < 5; ++k)
        runs.runs.push_back(energy_run("c" + std::to_string(c), k, factor(0.01), (factor(0.03) - 1) / 0.04, Spent{}));
    }
    const GateResult result = compare_runs(runs, newest_of_twelve(), {}, "c112", "2026-02-01");
    EXPECT_EQ(checks_of(result, MetricId::energy_j).size(), 2u);
    red += exit_code_of(result);
  }
  EXPECT_LE(red, 1);
}

TEST(Energy, a_modelled_or_missing_or_otherwise_summed_energy_is_never_compared_with_a_measured_one) {
  // The candidate's Global and solve spend 12% more in each case, but on another basis than the
  // history's measured package + dram: there is no energy check at all, and nothing fails.
  for (const Spent& candidate : {Spent{112, 72, "model"}, Spent{112, 72, ""}, Spent{112, 72, "measured", false}}) {
    const GateResult result = compare_runs(patterned_history(candidate), newest_of_twelve(), {}, "c112", "2026-02-01");
    EXPECT_TRUE(checks_of(result, MetricId::energy_j).empty()) << candidate.source;
    EXPECT_FALSE(checks_of(result, MetricId::elapsed_ns).empty());
    EXPECT_EQ(result.overall, Verdict::pass) << candidate.source;
  }
  // A modelled history and candidate compare with each other: the same +12% fails.
  const GateResult modelled = compare_runs(patterned_history({112, 72, "model"}, {100, 60, "model"}),
                                           newest_of_twelve(), {}, "c112", "2026-02-01");
  ASSERT_EQ(checks_of(modelled, MetricId::energy_j).size(), 2u);
  EXPECT_EQ(checks_of(modelled, MetricId::energy_j)[0]->energy_basis, "model, package + dram");
  EXPECT_EQ(modelled.overall, Verdict::regression);
}

TEST(Energy, a_history_commit_with_one_repetition_without_energy_is_left_out_of_the_energy_noise) {
  // c105's first repetition has no energy: the commit joins the time checks' noise (11 commits,
  // the baseline's included) but not the energy checks' (10).
  analysis::ingest::RunSet runs = patterned_history({100, 60});
  const auto first_of_c105 = std::find_if(runs.runs.begin(), runs.runs.end(),
                                          [](const auto& run) { return run.document.source->commit == "c105"; });
  for (model::Region& region : first_of_c105->document.regions)
    region.energy.reset();
  const GateResult result = compare_runs(runs, newest_of_twelve(), {}, "c112", "2026-02-01");
  for (const Check* check : checks_of(result, MetricId::elapsed_ns))
    EXPECT_EQ(check->history_commits, 11u);
  const auto energy = checks_of(result, MetricId::energy_j);
  ASSERT_EQ(energy.size(), 2u);
  for (const Check* check : energy)
    EXPECT_EQ(check->history_commits, 10u);
}

/// An energy check of `region` (inside `parent`) at 4 ranks, `before` → `after` joules.
Check energy_check(const std::string& region, std::optional<std::string> parent, double before, double after) {
  Check check;
  check.experiment = "e";
  check.region = region;
  check.parent = std::move(parent);
  check.configuration = analysis::Configuration{1, 4, 1, 0};
  check.metric = MetricId::energy_j;
  check.energy_basis = "measured, package + dram";
  check.result.baseline_median = before;
  check.result.candidate_median = after;
  check.result.change = 100 * (after - before) / before;
  return check;
}

TEST(Energy, the_regions_that_spent_a_change_are_named_largest_first_until_they_hold_half_of_it) {
  // Global +12 J: solve +5 J (42%), io +4 J (33%), init +3 J (25%), halo (inside solve) +4 J not
  // directly inside Global, setup −1 J the other way. solve's 42% is under half: io's 75% is enough.
  const std::vector<Check> checks{
      energy_check("Global", std::nullopt, 100, 112), energy_check("solve", "Global", 40, 45),
      energy_check("io", "Global", 20, 24),           energy_check("init", "Global", 20, 23),
      energy_check("halo", "solve", 10, 14),          energy_check("setup", "Global", 10, 9)};
  EXPECT_EQ(spent_in_text(checks[0], checks), "spent in solve (+5.0 J, 42%), io (+4.0 J, 33%)");
  EXPECT_EQ(spent_in_text(checks[1], checks), "spent in halo (+4.0 J, 80%)");
  EXPECT_EQ(spent_in_text(checks[2], checks), "");
}

TEST(Energy, energy_splits_into_elapsed_time_and_average_power) {
  // 100 J in 10 s → 112 J in 10.5 s: log 1.12 = 0.113329 = log 1.05 (0.048790, 43%) + log(1.12/1.05)
  // (0.064539, 57%).
  model::MetricValues before, after;
  before.set(MetricId::energy_j, 100);
  before.set(MetricId::elapsed_ns, 10e9);
  after.set(MetricId::energy_j, 112);
  after.set(MetricId::elapsed_ns, 10.5e9);
  const auto parts = attribute(MetricId::energy_j, before, after);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].name, "elapsed time");
  EXPECT_NEAR(parts[0].share, 0.048790 / 0.113329, 1e-5);
  EXPECT_EQ(parts[1].name, "average power");
  EXPECT_NEAR(parts[1].share, 0.064539 / 0.113329, 1e-5);
  Check check = energy_check("Global", std::nullopt, 100, 112);
  check.baseline_medians = before;
  check.candidate_medians = after;
  EXPECT_EQ(describe(check), "Global @ 1 node · 4 ranks × 1 thread: energy to solution (measured, package + dram) "
                             "100.00 J \u2192 112.00 J (+12.0 %); 43% from elapsed time, 57% from average power");
}

} // namespace
} // namespace tally::gate
