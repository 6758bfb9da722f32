// SPDX-License-Identifier: BSD-3-Clause
// Seeded benchmark of the paired gate (gate/paired.hpp) on A/B studies of the realistic program
// (gate_histories.hpp: Global and 30 regions at 4 configurations): red on noise only, red naming
// the one region whose work grew 3× its noise, and red calling a uniform 3% slowdown of every
// region the whole code's. `gate_pairs SEEDS [PAIRS]` (defaults 100 and 5).
#include "gate/paired.hpp"

#include "gate_histories.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

namespace bench = tally::bench;
namespace gate = tally::gate;

gate::GateResult gate_pairs(const tally::analysis::ingest::RunSet& runs) {
  const gate::AbStudy study = std::get<gate::AbStudy>(gate::find_ab_study(runs, ""));
  return gate::compare_pairs(runs, study, gate::GateConfig{}, "2026-02-01");
}

bool has_regression(const gate::GateResult& result, auto predicate) {
  return std::any_of(result.findings.begin(), result.findings.end(), [&](const gate::Finding& finding) {
    return finding.verdict == gate::Verdict::regression && predicate(finding);
  });
}

/// A kept uniform move among the findings: the study called the slowdown the whole code's.
bool called_uniform(const gate::GateResult& result) {
  return std::any_of(result.run_events.begin(), result.run_events.end(), [](const gate::RunEvent& event) {
    return event.kind == gate::RunEventKind::uniform && event.verdict == gate::Verdict::regression;
  });
}

} // namespace

int main(int argc, char** argv) {
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 100;
  const int pairs = argc > 2 ? std::atoi(argv[2]) : 5;
  if (seeds <= 0 || pairs <= 0) {
    std::fprintf(stderr, "gate_pairs: SEEDS and PAIRS must be positive integers\n");
    return 2;
  }
  int noise_red = 0, grown_red = 0, grown_named = 0, uniform_red = 0, uniform_called = 0;
  std::size_t checks = 0;
  for (int seed = 0; seed < seeds; ++seed) {
    const auto offset = static_cast<std::uint64_t>(seed);
    const gate::GateResult quiet =
        gate_pairs(bench::realistic_ab_study(9000 + offset, bench::AbChange::none, pairs).runs);
    checks = quiet.checks.size();
    noise_red += gate::exit_code_of(quiet);
    const bench::RealisticHistory grown =
        bench::realistic_ab_study(10000 + offset, bench::AbChange::grown_region, pairs);
    const gate::GateResult slower = gate_pairs(grown.runs);
    const bool red = gate::exit_code_of(slower) == 1;
    grown_red += red ? 1 : 0;
    grown_named += red && has_regression(slower, [&](const gate::Finding& finding) {
                     return finding.region == grown.grown_region;
                   });
    const gate::GateResult uniform =
        gate_pairs(bench::realistic_ab_study(11000 + offset, bench::AbChange::uniform, pairs).runs);
    uniform_red += gate::exit_code_of(uniform);
    uniform_called += gate::exit_code_of(uniform) == 1 && called_uniform(uniform);
  }
  std::printf("paired gate: %d seeds, A/B studies of %d pairs at 1, 2, 4 ranks and 8 ranks on 2 nodes, Global + 30\n"
              "regions, normal noise 1-10%% per region; the runner drifts 3%% between pairs (3%% per rank) and 1%%\n"
              "within; %zu checks per study\n",
              seeds, pairs, checks);
  std::printf("%-38s %-9s %-13s %s\n", "scenario", "red", "named/called", "goal");
  std::printf("%-38s %3d/%-5d %-13s %s\n", "noise only", noise_red, seeds, "-", "<= 5% red");
  std::printf("%-38s %3d/%-5d %3d/%-9d %s\n", "one region grows 3x its noise", grown_red, seeds, grown_named, seeds,
              ">= 95% red and named");
  std::printf("%-38s %3d/%-5d %3d/%-9d %s\n", "every region 3% slower (uniform)", uniform_red, seeds, uniform_called,
              seeds, ">= 95% red and called uniform");
  return 0;
}
