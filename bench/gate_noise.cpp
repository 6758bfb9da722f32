// SPDX-License-Identifier: BSD-3-Clause
// Seeded benchmark of the gate's defaults: false-alarm and detection rates on synthetic histories.
// Each trial is 12 commits × 5 repetitions of one region at 4 ranks whose useful time has a known
// run-to-run noise (1%, 3%, 10%); the newest commit is the candidate, the previous one the
// baseline (as CI gates a commit), the ten before it the history. A false alarm is a regression
// verdict when nothing changed; a detection is one when the candidate is 3× the noise slower.
// Prints the rates with the defaults; `gate_noise TRIALS` runs more trials for finer rates.
#include "gate/commit_selection.hpp"
#include "gate/compare.hpp"

#include "gate_runs.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using tally::analysis::ingest::RunSet;
namespace gate = tally::gate;

constexpr int commits = 12;
constexpr int repetitions = 5;

RunSet history(double noise, double shift, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> normal(0.0, noise);
  RunSet runs;
  for (int commit = 1; commit <= commits; ++commit) {
    char name[16];
    std::snprintf(name, sizeof name, "c%02d", commit);
    for (int repetition = 0; repetition < repetitions; ++repetition) {
      gate::testing::GateRunShape shape{name, "solve", 4};
      shape.useful_avg_ns *= (1.0 + normal(generator)) * (commit == commits ? 1.0 + shift : 1.0);
      runs.runs.push_back(gate::testing::gate_run(shape));
      char time[32];
      std::snprintf(time, sizeof time, "2026-01-%02dT00:00:00Z", commit);
      runs.runs.back().document.source->commit_time = time;
    }
  }
  return runs;
}

/// Trials out of `trials` in which the gate, with its defaults, fails the newest commit.
int failures(int trials, double noise, double shift, std::uint64_t seed) {
  int out = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const RunSet runs = history(noise, shift, seed + static_cast<std::uint64_t>(trial));
    gate::SelectionRequest request;
    request.candidate = "c12";
    const auto selected = gate::select_commits(runs, request);
    const auto& commits_selected = std::get<gate::SelectedCommits>(selected);
    const gate::GateResult result =
        gate::compare_runs(runs, commits_selected.selection, gate::GateConfig{}, "c12", "2026-02-01");
    out += gate::exit_code_of(result);
  }
  return out;
}

} // namespace

int main(int argc, char** argv) {
  const int trials = argc > 1 ? std::atoi(argv[1]) : 30;
  if (trials <= 0) {
    std::fprintf(stderr, "gate_noise: the number of trials must be a positive integer, not '%s'\n", argv[1]);
    return 2;
  }
  std::printf("tally gate, defaults: %d trials of %d commits x %d repetitions, shift 3x the noise\n", trials, commits,
              repetitions);
  std::printf("%-8s %-14s %s\n", "noise", "false alarms", "detections");
  for (const double noise : {0.01, 0.03, 0.10}) {
    const auto seed = static_cast<std::uint64_t>(noise * 1000);
    char level[16];
    std::snprintf(level, sizeof level, "%.0f%%", noise * 100);
    std::printf("%-8s %3d/%-10d %3d/%d\n", level, failures(trials, noise, 0, seed), trials,
                failures(trials, noise, 3 * noise, seed + 1000), trials);
  }
  return 0;
}
