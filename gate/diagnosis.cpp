// SPDX-License-Identifier: BSD-3-Clause
// The cells are read from the checks themselves: what moved is what the verdict rule weighed,
// never a second judgement.
#include "gate/diagnosis.hpp"

#include <cmath>
#include <map>
#include <utility>

namespace tally::gate {
namespace {

using model::MetricId;

using CellKey = std::pair<std::string, std::string>; ///< experiment, configuration key

struct CellMoves {
  std::vector<Check*> elapsed;   ///< one per region
  const Check* global = nullptr; ///< Global's elapsed time
  bool efficiency_moved = false;
  bool instructions_moved = false;
  bool has_counters = false;
  bool speed_fell = false; ///< IPC or frequency fell beyond its tolerance
};

std::map<CellKey, CellMoves> cells_of(GateResult& result) {
  std::map<CellKey, CellMoves> out;
  for (Check& check : result.checks) {
    CellMoves& cell = out[{check.experiment, check.configuration.key()}];
    const SampleVerdict& evidence = check.result;
    if (model::metric_info(check.metric).kind == model::MetricKind::efficiency)
      cell.efficiency_moved = cell.efficiency_moved || evidence.exceeds_tolerance;
    if (check.metric == MetricId::elapsed_ns) {
      cell.elapsed.push_back(&check);
      if (check.region == "Global") cell.global = &check;
    }
    if (check.metric == MetricId::useful_instructions) {
      cell.has_counters = true;
      cell.instructions_moved = evidence.exceeds_tolerance;
    }
    if (check.metric == MetricId::useful_ipc || check.metric == MetricId::useful_frequency_ghz)
      cell.speed_fell = cell.speed_fell || (evidence.exceeds_tolerance && evidence.worse);
  }
  return out;
}

/// Whether every region moved with `whole`: its change within its own tolerance of whole's.
bool uniform(const CellMoves& cell, const Check& whole) {
  for (const Check* region : cell.elapsed) {
    if (std::abs(region->result.change - whole.result.change) > region->rule.tolerance) return false;
  }
  return true;
}

} // namespace

void diagnose_uniform_slowdowns(GateResult& result) {
  std::map<CellKey, bool> counts_changed;
  for (const CountChange& change : result.count_changes)
    counts_changed[{change.experiment, change.configuration.key()}] = true;
  for (auto& [key, cell] : cells_of(result)) {
    if (!result.counted_cells.contains(key) || counts_changed.contains(key) || cell.efficiency_moved) continue;
    if (cell.elapsed.empty()) continue;
    const Check& whole = cell.global ? *cell.global : *cell.elapsed.front();
    // Paired on one runner state, an A/B study's slowdown is the code's.
    if (whole.pairs > 0) continue;
    if (!whole.result.exceeds_tolerance || !whole.result.worse || !uniform(cell, whole)) continue;
    if (cell.has_counters && (cell.instructions_moved || !cell.speed_fell)) continue;
    const std::string work = cell.has_counters ? "uniform slowdown, identical work (same counts and instructions, IPC "
                                                 "or frequency fell)"
                                               : "uniform slowdown, identical work (same counts, every region slower "
                                                 "by about as much, no efficiency moved)";
    // Along a history of jobs the move was judged against how far jobs' states move it; without
    // one, nothing bounds this job's.
    const bool bounded = whole.noise && knows_jobs(*whole.noise);
    const std::string text =
        work + (bounded ? ", beyond the spread of the history's jobs: the code, or a runner slower than any of them"
                        : ": the runner may be slower");
    for (Check* check : cell.elapsed)
      check->diagnosis = text;
  }
}

} // namespace tally::gate
