// SPDX-License-Identifier: BSD-3-Clause
// Pairs are matched by number within a configuration (tally run counts them per configuration), so
// the order of the files and of the runs does not matter.
#include "analysis/ab_pairs.hpp"

#include <array>
#include <set>
#include <string>

namespace tally::analysis {

namespace {

/// The runs of one pair number at one configuration, each side's completed and hung runs.
struct PairRuns {
  std::array<Repetitions, 2> completed; ///< [0] baseline, [1] candidate
  std::array<Repetitions, 2> hung;
};

constexpr std::array<const char*, 2> side_names{"baseline", "candidate"};

std::string files_of(const Repetitions& runs) {
  std::string out;
  for (const ingest::LoadedRun* run : runs)
    out += (out.empty() ? "" : ", ") + run->file.filename().string();
  return out;
}

/// Adds the pair to `cell` when both sides completed, and says what was left out or doubled.
void add_pair(std::uint64_t pair, const PairRuns& runs, AbPairs& cell) {
  const std::string name = "pair " + std::to_string(pair) + ": ";
  bool complete = true;
  for (std::size_t side = 0; side < 2; ++side) {
    const Repetitions& completed = runs.completed[side];
    if (completed.size() > 1)
      cell.pairing_notes.push_back(name + std::to_string(completed.size()) + " " + side_names[side] + " runs (" +
                                   files_of(completed) + "): the first kept");
    if (!completed.empty()) continue;
    complete = false;
    cell.pairing_notes.push_back(name +
                                 (runs.hung[side].empty() ? std::string("no ") + side_names[side] + " run"
                                                          : std::string("the ") + side_names[side] + "'s run hung (" +
                                                                files_of(runs.hung[side]) + ")") +
                                 ": left out");
  }
  if (!complete) return;
  cell.baseline.push_back(runs.completed[0].front());
  cell.candidate.push_back(runs.completed[1].front());
}

} // namespace

AbStudyRuns pair_ab_study(const ingest::RunSet& runs, const std::string& id) {
  AbStudyRuns out;
  std::map<std::pair<std::string, Configuration>, AbPairs> cells;
  std::map<std::pair<std::string, Configuration>, std::map<std::uint64_t, PairRuns>> by_pair;
  std::map<std::string, std::set<std::string>> regions;
  for (const ingest::LoadedRun& run : runs.runs) {
    const model::RunDocument& document = run.document;
    if (!document.run.ab_study || document.run.ab_study->id != id) continue;
    const bool candidate = document.run.ab_study->side == model::AbSide::candidate;
    ++(candidate ? out.candidate_runs : out.baseline_runs);
    const std::pair key{document.run.experiment, configuration_of(document)};
    AbPairs& cell = cells[key];
    cell.experiment = key.first;
    cell.configuration = key.second;
    if (document.run.scaling) cell.scaling = *document.run.scaling;
    PairRuns& pair = by_pair[key][document.run.ab_study->pair];
    if (document.run.outcome == model::RunOutcome::hung) {
      if (candidate) cell.candidate_hung.push_back(&run);
      pair.hung[candidate ? 1 : 0].push_back(&run);
      continue;
    }
    pair.completed[candidate ? 1 : 0].push_back(&run);
    std::set<std::string>& names = regions[document.run.experiment]; // an entry for every experiment paired
    for (const model::Region& region : document.regions)
      names.insert(region.name);
  }
  for (auto& [experiment, names] : regions) {
    std::vector<std::string>& ordered = out.regions[experiment];
    if (names.erase("Global")) ordered.emplace_back("Global");
    ordered.insert(ordered.end(), names.begin(), names.end());
  }
  for (auto& [key, cell] : cells) {
    for (const auto& [pair, sides] : by_pair[key])
      add_pair(pair, sides, cell);
    out.configurations.push_back(std::move(cell));
  }
  return out;
}

} // namespace tally::analysis
