// SPDX-License-Identifier: BSD-3-Clause
// The gate's rates on seeded histories (gate_rates.hpp).
#include "gate_rates.hpp"

#include "gate/commit_selection.hpp"
#include "gate/findings.hpp"
#include "gate/paired.hpp"
#include "gate/reports.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <variant>
#include <vector>

namespace tally::bench {

/// The gate's rules on the newest commit, its baseline and history chosen as CI chooses them.
gate::GateResult gate_newest(const analysis::ingest::RunSet& runs, int newest, const gate::GateConfig& config) {
  const std::string candidate = commit_name(newest);
  gate::SelectionRequest request;
  request.candidate = candidate;
  const auto selected = gate::select_commits(runs, request);
  const auto& commits_selected = std::get<gate::SelectedCommits>(selected);
  return gate::compare_runs(runs, commits_selected.selection, config, candidate, "2026-02-01");
}

gate::GateResult gate_study(const analysis::ingest::RunSet& runs) {
  const gate::AbStudy study = std::get<gate::AbStudy>(gate::find_ab_study(runs, ""));
  return gate::compare_pairs(runs, study, gate::GateConfig{}, "2026-02-01");
}

void realistic_rates(const std::string& title, int newest, const HistoryMaker& make, int seeds,
                     const gate::GateConfig& config) {
  constexpr std::size_t alarms_shown = 3;
  int noise_red = 0, grown_red = 0, grown_named = 0, phases = 0, phases_named = 0, costly = 0, costly_named = 0;
  int noise_inconclusive = 0, grown_inconclusive = 0;   // what ci/tally-gate.sh --confirm would confirm A/B
  int noise_red_confirmed = 0, grown_red_confirmed = 0; // red verdicts it would re-run A/B before failing
  // A change that costs the run less than this never fails (GateConfig::min_impact_percent).
  const double min_impact = config.min_impact_percent / 100.0;
  std::size_t fewest_checks = SIZE_MAX, most_checks = 0;
  std::vector<std::string> alarms;
  for (int seed = 0; seed < seeds; ++seed) {
    const auto offset = static_cast<std::uint64_t>(seed);
    const gate::GateResult quiet = gate_newest(make(7000 + offset, false).runs, newest, config);
    const RealisticHistory grown = make(8000 + offset, true);
    const gate::GateResult slower = gate_newest(grown.runs, newest, config);
    for (const gate::GateResult* result : {&quiet, &slower}) {
      fewest_checks = std::min(fewest_checks, result->checks.size());
      most_checks = std::max(most_checks, result->checks.size());
    }
    noise_inconclusive += quiet.overall == gate::Verdict::inconclusive ? 1 : 0;
    grown_inconclusive += slower.overall == gate::Verdict::inconclusive ? 1 : 0;
    if (gate::exit_code_of(quiet) == 1) {
      ++noise_red;
      noise_red_confirmed += gate::confirmation_of(quiet, false) != gate::Confirmation::none ? 1 : 0;
      std::vector<std::string> regressions;
      for (const gate::Finding& finding : gate::find_causes(quiet)) {
        if (finding.verdict == gate::Verdict::regression) regressions.push_back(finding.summary);
      }
      const std::string seed_label = "  seed " + std::to_string(7000 + seed) + ": ";
      for (std::size_t i = 0; i < std::min(regressions.size(), alarms_shown); ++i)
        alarms.push_back(seed_label + regressions[i]);
      if (regressions.size() > alarms_shown)
        alarms.push_back(seed_label + "and " + std::to_string(regressions.size() - alarms_shown) + " more");
    }
    const auto findings = gate::find_causes(slower);
    const bool named = std::any_of(findings.begin(), findings.end(), [&](const gate::Finding& finding) {
      return finding.verdict == gate::Verdict::regression && finding.region == grown.grown_region;
    });
    const bool red = gate::exit_code_of(slower) == 1;
    grown_red += red ? 1 : 0;
    grown_red_confirmed += red && gate::confirmation_of(slower, false) != gate::Confirmation::none ? 1 : 0;
    grown_named += red && named ? 1 : 0;
    phases += grown.grown_is_phase ? 1 : 0;
    phases_named += grown.grown_is_phase && red && named ? 1 : 0;
    costly += grown.grown_cost >= min_impact ? 1 : 0;
    costly_named += grown.grown_cost >= min_impact && red && named ? 1 : 0;
  }
  std::printf("\n%s\n", title.c_str());
  std::printf("%-34s %-7s %-7s %s\n", "scenario", "red", "named", "goal");
  std::printf("%-34s %2d/%-4d %-7s %s\n", "noise only", noise_red, seeds, "-", "<= 5% red");
  std::printf("%-34s %2d/%-4d %2d/%-4d %s\n", "one region grows 3x its noise", grown_red, seeds, grown_named, seeds,
              ">= 90% red and named");
  std::printf("inconclusive (an A/B study confirms): noise only %d/%d, one region grown %d/%d\n", noise_inconclusive,
              seeds, grown_inconclusive, seeds);
  if (noise_red_confirmed + grown_red_confirmed > 0)
    std::printf(
        "red, re-run A/B before failing (uniform or one job's move): noise only %d/%d, one region grown %d/%d\n",
        noise_red_confirmed, noise_red, grown_red_confirmed, grown_red);
  if (phases > 0)
    std::printf("grown region a phase in %d of %d seeds, %d of them named\n", phases, seeds, phases_named);
  if (costly < seeds)
    std::printf("grown region costs the run at least the gate's %.2g%% in %d of %d seeds, %d of them named\n",
                100 * min_impact, costly, seeds, costly_named);
  if (fewest_checks == most_checks)
    std::printf("checks per comparison: %zu\n", most_checks);
  else
    std::printf("checks per comparison: %zu to %zu\n", fewest_checks, most_checks);
  if (!alarms.empty()) std::printf("regressions found on noise only (at most %zu per history):\n", alarms_shown);
  for (const std::string& alarm : alarms)
    std::printf("%s\n", alarm.c_str());
}

} // namespace tally::bench
