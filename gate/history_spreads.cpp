// SPDX-License-Identifier: BSD-3-Clause
#include "gate/history_spreads.hpp"

#include "gate/cell_spread.hpp"
#include "gate/check_stages.hpp"
#include "gate/configuration_spread.hpp"
#include "gate/decision.hpp"
#include "gate/job_tails.hpp"
#include "gate/noise.hpp"
#include "gate/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <span>
#include <tuple>

namespace tally::gate {
namespace {

/// The warning of a spread at least cell_spread_warned wide: "spread: MPI load balance of 14 of 31
/// regions beyond 2σ at 4 ranks, 3.4× as wide as their noise: ...".
RunEvent spread_event(const CellChecks& cell, model::MetricId metric, std::span<const double> scores, double spread) {
  constexpr double beyond = 1.96;
  const auto moved = std::count_if(scores.begin(), scores.end(), [](double score) { return score > beyond; });
  char text[512];
  std::snprintf(text, sizeof text,
                "spread: %s of %td of %zu regions beyond 2σ at %s, %.1f× as wide as their noise: this job's state "
                "(one rank slowed by another job on its core) or a change of the code at this configuration; each "
                "region was judged against that spread",
                std::string(model::metric_info(metric).display_name).c_str(), moved, scores.size(),
                cell.configuration.label().c_str(), spread);
  return {RunEventKind::spread, Verdict::warning, cell.experiment->name, cell.configuration, "", std::nullopt, text};
}

void widen_by_cell_spread(CellChecks& cell, GateResult& out) {
  std::map<model::MetricId, std::vector<HistoryCheck*>> by_metric;
  for (HistoryCheck& pending : cell.checks) {
    if (pending.scale && pending.check.result.p_value) by_metric[pending.check.metric].push_back(&pending);
  }
  for (const auto& [metric, checks] : by_metric) {
    std::vector<double> scores;
    for (const HistoryCheck* pending : checks)
      scores.push_back(normal_score(*pending->check.result.p_value));
    const double spread = cell_spread(scores);
    if (spread <= 1.0) continue;
    if (spread >= cell_spread_warned) out.run_events.push_back(spread_event(cell, metric, scores, spread));
    for (HistoryCheck* pending : checks) {
      pending->scale->deviation *= spread;
      pending->check.cell_spread = spread;
      pending->check.rule.tolerance = pending->check.configured_tolerance;
      weigh(*pending);
    }
  }
}

} // namespace

void widen_by_cell_spreads(std::vector<CellChecks>& cells, GateResult& out) {
  for (CellChecks& cell : cells)
    widen_by_cell_spread(cell, out);
}

void mark_configuration_spread(std::vector<CellChecks>& cells, const GateConfig& config) {
  std::map<std::tuple<std::string, std::string, model::MetricId>, std::vector<HistoryCheck*>> regions;
  for (CellChecks& cell : cells) {
    std::map<model::MetricId, std::size_t> checks_of;
    for (const HistoryCheck& pending : cell.checks)
      checks_of[pending.check.metric] += pending.check.result.p_value ? 1 : 0;
    for (HistoryCheck& pending : cell.checks) {
      Check& check = pending.check;
      const bool repetitions_alone = check.result.p_value && check.noise && !knows_jobs(*check.noise);
      if (!repetitions_alone || checks_of[check.metric] >= cell_spread_min_checks) continue;
      check.job_state_untold = true;
      // A check whose values never vary (decided by its tolerance: decision.hpp) tells no spread.
      if (!certain_beyond_tolerance(check.result, check.rule, config))
        regions[{check.experiment, check.region, check.metric}].push_back(&pending);
    }
  }
  for (const auto& [key, checks] : regions) {
    std::vector<ConfigurationMove> moves;
    for (const HistoryCheck* pending : checks) {
      const Check& check = pending->check;
      // The scale in the check's unit: percentage points, or percent of the baseline's median.
      const double unit = check.rule.tolerance_in_pp ? 0.01 : std::abs(check.result.baseline_median) / 100.0;
      moves.push_back(
          {check.result.change, unit > 0 ? pending->scale->deviation / unit : 0.0, pending->scale->degrees_of_freedom});
    }
    const bool common_reference = model::metric_info(std::get<2>(key)).scope == model::MetricScope::across_runs;
    const std::vector<std::optional<JobSpread>> spreads = job_spread(moves, common_reference);
    for (std::size_t i = 0; i < checks.size(); ++i) {
      if (!spreads[i] || moves[i].deviation == 0) continue;
      Check& check = checks[i]->check;
      // Whether a job's state explains the move: not beyond the rule's alpha on its own against
      // the scale with that state's variance added. A move far beyond that as well stands.
      const double wider = std::sqrt(1 + spreads[i]->variance / (moves[i].deviation * moves[i].deviation));
      const double p =
          with_tails(student_t_p_value(*check.result.z / wider, spreads[i]->degrees), checks[i]->scale->tail_degrees);
      if (p > check.rule.alpha) check.configuration_spread = wider;
    }
  }
}

} // namespace tally::gate
