// SPDX-License-Identifier: BSD-3-Clause
// The history gate's pipeline, one stage a call (gate/README.md, "The verdict rule"): the stages
// that gather the evidence, remove the runner and learn each check's noise are the history's own;
// the noise pooled, the test and the verdicts are the stages every gate shares (check_stages.hpp).
#include "gate/compare.hpp"

#include "gate/check_stages.hpp"
#include "gate/history_evidence.hpp"
#include "gate/history_noise.hpp"
#include "gate/history_runner.hpp"
#include "gate/history_spreads.hpp"

namespace tally::gate {
namespace {

std::vector<PendingCheck*> checks_of(std::vector<CellChecks>& cells) {
  std::vector<PendingCheck*> out;
  for (CellChecks& cell : cells) {
    for (HistoryCheck& check : cell.checks)
      out.push_back(&check);
  }
  return out;
}

} // namespace

GateResult compare_runs(const analysis::ingest::RunSet& runs, const CommitSelection& selection,
                        const GateConfig& config, const std::string& candidate_commit, const std::string& today) {
  GateResult out;
  const analysis::history::CommitAxis axis = comparison_axis(selection);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  // 1. The evidence: every check of every cell with its history.
  std::vector<CellChecks> cells = gather_history_checks(runs, axis, experiments, selection, config, out);
  // 2. The runner.
  remove_runner_speed(cells, config, out);
  // 3. Each check's noise in two parts, 4. pooled over the family, and one job's tails.
  learn_history_noise(cells);
  const std::vector<PendingCheck*> checks = checks_of(cells);
  pool_noise(checks, config);
  scale_from_pooled_noise(cells);
  fit_job_tails(cells);
  // 5. The test, then one job's state read from many checks at once.
  for (PendingCheck* check : checks)
    weigh(*check);
  widen_by_cell_spreads(cells, out);
  mark_configuration_spread(cells, config);
  // 6 to 11. The verdicts (decision.hpp).
  decide_checks(checks, out, config, candidate_commit, today);
  return out;
}

} // namespace tally::gate
