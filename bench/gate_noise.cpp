// SPDX-License-Identifier: BSD-3-Clause
// Seeded benchmark of the gate's defaults: false-alarm and detection rates on synthetic histories.
// Single-metric trials: 12 commits × 5 repetitions of one region at 4 ranks whose useful time has a
// known run-to-run noise (1%, 3%, 10%); the newest commit is the candidate, the previous one the
// baseline (as CI gates a commit), the ten before it the history. A false alarm is a regression
// verdict when nothing changed; a detection is one when the candidate is 3× the noise slower.
// Realistic histories (gate_histories.hpp): Global and 30 regions at 4 configurations, each region
// with its own noise; red on noise only, and red naming the one region whose work grew 3× its noise;
// on a steady runner, with measured energy, and on a runner whose speed drifts between commits.
// Scaling trials: the same region at 1 and 4 ranks, the candidate's work at 4 ranks only larger by 3
// standard deviations of computation scalability; a detection is a red verdict with a scaling
// regression (a finding not seen at 1 rank), and the table says how many of them name computation
// scalability itself.
// `gate_noise TRIALS SEEDS` runs more (or fewer) single-metric and scaling trials and realistic
// histories (defaults 100 and 100).
#include "gate/compare.hpp"

#include "gate_histories.hpp"
#include "gate_rates.hpp"
#include "gate_runs.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <string>
#include <vector>

namespace {

using tally::analysis::ingest::RunSet;
namespace bench = tally::bench;
namespace gate = tally::gate;

/// The configurations of a trial, and the one whose work the candidate makes larger.
struct TrialShape {
  std::vector<std::uint64_t> ranks;
  std::uint64_t slower_ranks = 4;
};

/// One region at 4 ranks: the single-metric trials.
const TrialShape one_configuration{{4}, 4};
/// One region at 1 and 4 ranks, the candidate's work larger at 4 only: a loss of computation
/// scalability at the largest configuration (against the 1-rank reference), every run as noisy.
const TrialShape scaling_study{{1, 4}, 4};
/// A repetition's computation scalability is the ratio of two runs' useful times (the reference's
/// k-th and its own), so its noise is √2 times a run's: a loss of 3 of its standard deviations is
/// work 3·√2 × the run noise larger.
const double scalability_noise = std::numbers::sqrt2;

RunSet history(const TrialShape& trial, double noise, double shift, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> normal(0.0, noise);
  RunSet runs;
  for (int commit = 1; commit <= bench::commits; ++commit) {
    for (int repetition = 0; repetition < bench::repetitions; ++repetition) {
      for (const std::uint64_t ranks : trial.ranks) {
        gate::testing::GateRunShape shape{bench::commit_name(commit), "Global", ranks};
        const bool slower = commit == bench::commits && ranks == trial.slower_ranks;
        shape.useful_avg_ns *= (1.0 + normal(generator)) * (slower ? 1.0 + shift : 1.0);
        runs.runs.push_back(gate::testing::gate_run(shape));
        runs.runs.back().document.source->commit_time = bench::commit_time(commit);
      }
    }
  }
  return runs;
}

/// Of `trials` trials, how many the gate with its defaults fails; in a scaling study, how many it
/// fails with a scaling regression (a finding not seen at the reference configuration), and of those
/// how many name computation scalability.
struct Failures {
  int red = 0;
  int scalability = 0;
};

Failures failures(const TrialShape& shape, int trials, double noise, double shift, std::uint64_t seed) {
  Failures out;
  for (int trial = 0; trial < trials; ++trial) {
    const gate::GateResult result =
        bench::gate_newest(history(shape, noise, shift, seed + static_cast<std::uint64_t>(trial)));
    const auto regression = [&](auto predicate) {
      return std::any_of(result.findings.begin(), result.findings.end(), [&](const gate::Finding& finding) {
        return finding.verdict == gate::Verdict::regression && predicate(finding);
      });
    };
    const bool scaling = regression([](const gate::Finding& finding) { return finding.scaling; });
    const bool red = gate::exit_code_of(result) == 1 && (shape.ranks.size() == 1 || scaling);
    out.red += red ? 1 : 0;
    out.scalability += red && regression([](const gate::Finding& finding) {
                         return finding.metric == tally::model::MetricId::computation_scalability;
                       });
  }
  return out;
}

/// The realistic histories of `options`, both scenarios.
void realistic_rates(const bench::HistoryOptions& options, int seeds) {
  static constexpr const char* shapes[] = {"normal", "lognormal", "heavy-tailed (Student's t, 3 degrees)"};
  const bench::HistoryLength& length = options.length;
  char title[512];
  std::snprintf(title, sizeof title,
                "realistic histories: %d seeds, %d commits x %d repetitions at 1, 2, 4 ranks and 8 ranks on 2 nodes,\n"
                "Global + %d regions (%d phases x 4 sub-regions), %s noise 1-10%% per region%s%s",
                seeds, length.commits, length.repetitions, 5 * options.phases, options.phases,
                shapes[static_cast<int>(options.noise)],
                options.measured_energy ? ", measured energy (energy to solution checked)" : "",
                options.drifting_runner ? ", a runner that drifts between commits (3% speed, 3% per rank)" : "");
  bench::realistic_rates(
      title, length.commits,
      [&](std::uint64_t seed, bool grow) { return bench::realistic_history(seed, grow, options); }, seeds);
}

} // namespace

int main(int argc, char** argv) {
  const int trials = argc > 1 ? std::atoi(argv[1]) : 100;
  const int seeds = argc > 2 ? std::atoi(argv[2]) : 100;
  if (trials <= 0 || seeds <= 0) {
    std::fprintf(stderr, "gate_noise: TRIALS and SEEDS must be positive integers, not '%s'\n",
                 argv[trials <= 0 ? 1 : 2]);
    return 2;
  }
  std::printf("tally gate, defaults: %d trials of %d commits x %d repetitions, shift 3x the noise\n", trials,
              bench::commits, bench::repetitions);
  std::printf("%-8s %-14s %-14s %-22s %s\n", "noise", "false alarms", "detections", "scaling: false alarms",
              "scaling: detections (naming computation scalability)");
  for (const double noise : {0.01, 0.03, 0.10}) {
    const auto seed = static_cast<std::uint64_t>(noise * 1000);
    char level[16];
    std::snprintf(level, sizeof level, "%.0f%%", noise * 100);
    const Failures scaling_detected =
        failures(scaling_study, trials, noise, 3 * scalability_noise * noise, seed + 3000);
    std::printf("%-8s %3d/%-10d %3d/%-10d %3d/%-18d %3d/%d (%d)\n", level,
                failures(one_configuration, trials, noise, 0, seed).red, trials,
                failures(one_configuration, trials, noise, 3 * noise, seed + 1000).red, trials,
                failures(scaling_study, trials, noise, 0, seed + 2000).red, trials, scaling_detected.red, trials,
                scaling_detected.scalability);
  }
  // A steady runner, a project's first week (4 commits × 3 repetitions) and its first comparison
  // (the baseline and the candidate alone), measured energy (its checks join the family of every
  // comparison), then a runner that drifts between commits.
  realistic_rates({}, seeds);
  realistic_rates({.length = {4, 3}}, seeds);
  realistic_rates({.length = {2, 3}}, seeds);
  realistic_rates({.length = {}, .measured_energy = true}, seeds);
  realistic_rates({.length = {}, .drifting_runner = true}, seeds);
  realistic_rates({.length = {4, 3}, .drifting_runner = true}, seeds);
  // One run per commit, the cheapest CI: a long history, a short one, a drifting runner, and the
  // baseline and the candidate alone.
  realistic_rates({.length = {12, 1}}, seeds);
  realistic_rates({.length = {4, 1}}, seeds);
  realistic_rates({.length = {12, 1}, .drifting_runner = true}, seeds);
  realistic_rates({.length = {2, 1}}, seeds);
  // Histories generated otherwise: other noise shapes, a program of Global alone (an unmodified
  // binary; its first comparison on a drifting runner too) and one of a hundred regions, short and long.
  std::printf("\nhistories generated otherwise:\n");
  realistic_rates({.length = {}, .noise = bench::NoiseShape::lognormal}, seeds);
  realistic_rates({.length = {}, .noise = bench::NoiseShape::heavy_tailed}, seeds);
  realistic_rates({.length = {4, 3}, .noise = bench::NoiseShape::heavy_tailed}, seeds);
  realistic_rates({.length = {12, 1}, .noise = bench::NoiseShape::heavy_tailed}, seeds);
  realistic_rates({.length = {6, 1}, .noise = bench::NoiseShape::heavy_tailed}, seeds);
  realistic_rates({.length = {}, .phases = 0}, seeds);
  realistic_rates({.length = {4, 3}, .phases = 0}, seeds);
  realistic_rates({.length = {2, 3}, .phases = 0, .drifting_runner = true}, seeds);
  realistic_rates({.length = {30, 10}, .phases = 20}, seeds);
  realistic_rates({.length = {6, 2}, .phases = 20, .drifting_runner = true}, seeds);
  return 0;
}
