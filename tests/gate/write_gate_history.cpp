// SPDX-License-Identifier: BSD-3-Clause
// Writes run documents of a baseline and a candidate commit (the candidate's timestep region at
// 4 ranks loses 10% load balance) and of three commits before the baseline (a history of jobs,
// without which a kept move is inconclusive), the same as A/B studies of 5 pairs (and one whose
// sides are alike), and configuration files, for the command tests of `tally gate`.
#include "gate_runs.hpp"

#include "tally/model/document_io.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

namespace gate_testing = tally::gate::testing;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: write_gate_history FOLDER\n";
    return 2;
  }
  const std::filesystem::path folder = argv[1];
  std::filesystem::create_directories(folder / "runs");
  std::filesystem::create_directories(folder / "candidate_only");
  gate_testing::Noise noise(17);
  int count = 0;
  for (std::string commit : {"1111111aaaa", "2222222bbbb"}) {
    for (int i = 0; i < 5; ++i) {
      gate_testing::GateRunShape shape{commit, "timestep"};
      if (commit == "2222222bbbb") shape.load_balance *= 0.9;
      tally::analysis::ingest::LoadedRun run = gate_testing::gate_run(noise.apply(shape));
      run.document.source->commit_time = commit == "1111111aaaa" ? "2026-01-01T00:00:00Z" : "2026-01-02T00:00:00Z";
      const std::string text = tally::model::write_run_document(run.document);
      std::ofstream(folder / "runs" / ("run" + std::to_string(++count) + ".json")) << text;
      if (commit == "2222222bbbb")
        std::ofstream(folder / "candidate_only" / ("run" + std::to_string(count) + ".json")) << text;
    }
  }
  // A/B studies: ab/ holds the uneven one, ab_two/ both, each pair's runs on one runner speed.
  for (const char* name : {"ab", "ab_alike", "ab_two"})
    std::filesystem::create_directories(folder / name);
  for (const std::string study : {"ab-uneven", "ab-alike"}) {
    for (std::uint64_t pair = 1; pair <= 5; ++pair) {
      const double runner = noise.factor(0.03);
      for (const tally::model::AbSide side : {tally::model::AbSide::baseline, tally::model::AbSide::candidate}) {
        const bool candidate = side == tally::model::AbSide::candidate;
        gate_testing::GateRunShape shape{candidate ? "2222222bbbb" : "1111111aaaa", "timestep"};
        shape.useful_avg_ns *= runner;
        if (candidate && study == "ab-uneven") shape.load_balance *= 0.9;
        tally::analysis::ingest::LoadedRun run = gate_testing::gate_run(noise.apply(shape));
        run.document.run.ab_study = tally::model::AbStudyRun{study, side, pair};
        const std::string file =
            study + "-" + std::to_string(pair) + (candidate ? "-candidate" : "-baseline") + ".json";
        const std::string text = tally::model::write_run_document(run.document);
        std::ofstream(folder / (study == "ab-uneven" ? "ab" : "ab_alike") / file) << text;
        std::ofstream(folder / "ab_two" / file) << text;
      }
    }
  }
  // The history, runs 11 to 25, drawn last so that the others' draws stay as they were.
  for (const auto& [commit, time] :
       {std::pair{"0000001cccc", "2025-12-29T00:00:00Z"}, std::pair{"0000002dddd", "2025-12-30T00:00:00Z"},
        std::pair{"0000003eeee", "2025-12-31T00:00:00Z"}}) {
    for (int i = 0; i < 5; ++i) {
      tally::analysis::ingest::LoadedRun run = gate_testing::gate_run(noise.apply({commit, "timestep"}));
      run.document.source->commit_time = time;
      std::ofstream(folder / "runs" / ("run" + std::to_string(++count) + ".json"))
          << tally::model::write_run_document(run.document);
    }
  }
  std::ofstream(folder / "bad.toml") << "[defaults]\nalpha = 2\n";
  std::ofstream(folder / "waivers.toml") << "[[waivers]]\nregion = \"timestep\"\ncommit = \"2222222\"\n"
                                            "reason = \"known imbalance\"\nexpires = 2999-12-31\n";
  return 0;
}
