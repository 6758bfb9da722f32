// SPDX-License-Identifier: BSD-3-Clause
// Seeded benchmark of the paired gate (gate/paired.hpp) on A/B studies of the realistic program
// (gate_histories.hpp: Global and 30 regions at 4 configurations) and of programs with few regions
// (Global alone, Global and 2, 3 or 4 regions side by side): red on noise only, red naming the one
// region whose work grew 3× its noise (and not calling it the whole code's), and red calling a
// uniform 3% slowdown of every region the whole code's. `gate_pairs [SEEDS [PAIRS]]` (defaults 100
// and 5).
#include "gate_rates.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

namespace {

namespace bench = tally::bench;
namespace gate = tally::gate;

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

/// One program's figures over the seeds.
struct Figures {
  int noise_red = 0, grown_red = 0, grown_named = 0, grown_uniform = 0, uniform_red = 0, uniform_called = 0;
  std::size_t checks = 0;
};

/// The three scenarios of `seeds` studies of one program: the realistic one, or Global and
/// `flat_regions` regions. A grown region is named when a regression names it and no uniform move
/// calls the growth the whole code's, except Global alone, whose growth is the whole code's.
Figures measure(int seeds, int pairs, std::optional<int> flat_regions) {
  Figures out;
  for (int seed = 0; seed < seeds; ++seed) {
    const auto offset = static_cast<std::uint64_t>(seed);
    const gate::GateResult quiet =
        bench::gate_study(bench::realistic_ab_study(9000 + offset, bench::AbChange::none, pairs, flat_regions).runs);
    out.checks = quiet.checks.size();
    out.noise_red += gate::exit_code_of(quiet);
    const bench::RealisticHistory grown =
        bench::realistic_ab_study(10000 + offset, bench::AbChange::grown_region, pairs, flat_regions);
    const gate::GateResult slower = bench::gate_study(grown.runs);
    const bool red = gate::exit_code_of(slower) == 1;
    const bool uniform = red && called_uniform(slower);
    const bool global_alone = flat_regions == 0;
    out.grown_red += red ? 1 : 0;
    out.grown_uniform += uniform ? 1 : 0;
    out.grown_named += red && (global_alone || !uniform) && has_regression(slower, [&](const gate::Finding& finding) {
                         return finding.region == grown.grown_region;
                       });
    const gate::GateResult everywhere = bench::gate_study(
        bench::realistic_ab_study(11000 + offset, bench::AbChange::uniform, pairs, flat_regions).runs);
    out.uniform_red += gate::exit_code_of(everywhere);
    out.uniform_called += gate::exit_code_of(everywhere) == 1 && called_uniform(everywhere);
  }
  return out;
}

} // namespace

int main(int argc, char** argv) {
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 100;
  const int pairs = argc > 2 ? std::atoi(argv[2]) : 5;
  if (seeds <= 0 || pairs <= 0) {
    std::fprintf(stderr, "gate_pairs: SEEDS and PAIRS must be positive integers\n");
    return 2;
  }
  std::printf(
      "paired gate: %d seeds, A/B studies of %d pairs at 1, 2, 4 ranks and 8 ranks on 2 nodes, normal noise\n"
      "1-10%% per region; the runner drifts 3%% between pairs (3%% per rank) and 1%% within. Goals: noise only\n"
      "<= 5%% red; one region grown 3x its noise >= 95%% red and named, not called uniform (Global alone:\n"
      "its growth is the whole code's); every region 3%% slower >= 95%% red and called uniform\n",
      seeds, pairs);
  std::printf("%-22s %-7s %-10s %-10s %-10s %-10s %-10s %-10s\n", "program", "checks", "noise red", "grown red",
              "named", "(uniform)", "3% red", "uniform");
  const std::vector<std::pair<const char*, std::optional<int>>> programs{{"Global + 30 regions", std::nullopt},
                                                                         {"Global alone", 0},
                                                                         {"Global + 2 regions", 2},
                                                                         {"Global + 3 regions", 3},
                                                                         {"Global + 4 regions", 4}};
  for (const auto& [name, flat_regions] : programs) {
    const Figures f = measure(seeds, pairs, flat_regions);
    std::printf("%-22s %-7zu %3d/%-6d %3d/%-6d %3d/%-6d %3d/%-6d %3d/%-6d %3d/%-6d\n", name, f.checks, f.noise_red,
                seeds, f.grown_red, seeds, f.grown_named, seeds, f.grown_uniform, seeds, f.uniform_red, seeds,
                f.uniform_called, seeds);
    std::fflush(stdout);
  }
  return 0;
}
