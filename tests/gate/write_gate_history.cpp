// SPDX-License-Identifier: BSD-3-Clause
// Writes run documents of a baseline and a candidate commit (the candidate's timestep region at
// 4 ranks loses 10% load balance) and configuration files, for the command tests of `tally gate`.
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
  std::ofstream(folder / "bad.toml") << "[defaults]\nalpha = 2\n";
  std::ofstream(folder / "waivers.toml") << "[[waivers]]\nregion = \"timestep\"\ncommit = \"2222222\"\n"
                                            "reason = \"known imbalance\"\nexpires = 2999-12-31\n";
  return 0;
}
