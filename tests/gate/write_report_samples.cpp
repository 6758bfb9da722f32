// SPDX-License-Identifier: BSD-3-Clause
// Writes the gate's reports for a synthetic history with a regression, a hostile region name,
// an inconclusive region (one run a side), an environment mismatch and a hung run; check_reports.py
// then parses them.
#include "gate/reports.hpp"

#include "gate_runs.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

using tally::analysis::ingest::RunSet;
using namespace tally::gate;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: write_report_samples FOLDER\n";
    return 2;
  }
  const std::string folder = argv[1];
  std::filesystem::create_directories(folder);
  tally::gate::testing::Noise noise(5);
  RunSet runs;
  for (std::string commit : {"base", "cand"}) {
    for (std::string region : {"timestep", "io|\"<&>'`\\ \nname"}) {
      tally::gate::testing::GateRunShape shape{commit, region};
      if (commit == "cand" && region == "timestep") shape.load_balance *= 0.9;
      for (int i = 0; i < 5; ++i)
        runs.runs.push_back(tally::gate::testing::gate_run(noise.apply(shape)));
    }
    // One run a side of halo, its load balance 0.95 → 0.80: no noise to judge it by, inconclusive.
    tally::gate::testing::GateRunShape halo{commit, "halo"};
    if (commit == "cand") halo.load_balance = 0.80;
    runs.runs.push_back(tally::gate::testing::gate_run(halo));
    tally::gate::testing::GateRunShape other{commit, "timestep", 8};
    runs.runs.push_back(tally::gate::testing::gate_run(other));
    if (commit == "cand") runs.runs.back().document.environment.mpi_version = "5.0.0";
  }
  // Three commits before the baseline, drawn on their own: a history of jobs, without which the
  // kept imbalance would be inconclusive (one job a side).
  tally::gate::testing::Noise history_noise(6);
  for (std::string commit : {"h3", "h2", "h1"}) {
    for (std::string region : {"timestep", "io|\"<&>'`\\ \nname"}) {
      for (int i = 0; i < 5; ++i)
        runs.runs.push_back(tally::gate::testing::gate_run(history_noise.apply({commit, region})));
    }
  }
  // Without a baseline and without a hang: the gate passes.
  const GateResult empty = compare_runs(runs, {{"cand"}, {"nothing"}}, GateConfig{}, "cand", "2026-01-01");
  // A candidate run that hung, on a host whose name needs escaping.
  runs.runs.push_back(tally::gate::testing::gate_run({"cand", "timestep"}));
  runs.runs.back().document.run.id = "hung";
  runs.runs.back().document.run.outcome = tally::model::RunOutcome::hung;
  runs.runs.back().document.run.hang = tally::model::Hang{2, "node\"7", "MPI_Recv", {"timestep"}, 90'000'000'000};
  const GateResult result =
      compare_runs(runs, {{"cand"}, {"base"}, {{"h1"}, {"h2"}, {"h3"}}}, GateConfig{}, "cand", "2026-01-01");
  const GateHeading heading{"cand", "base"};
  std::ofstream markdown(folder + "/gate.md"), junit(folder + "/junit.xml"), metrics(folder + "/metrics.txt");
  write_markdown(markdown, heading, result);
  write_junit(junit, heading, result);
  write_metrics(metrics, result);
  std::ofstream no_baseline(folder + "/junit_no_baseline.xml");
  write_junit(no_baseline, {"cand", "nothing"}, empty);
  return exit_code_of(result) == 1 && exit_code_of(empty) == 0 ? 0 : 1;
}
