// SPDX-License-Identifier: BSD-3-Clause
#include "gate/history_runner.hpp"

#include "gate/check_stages.hpp"
#include "gate/runner_speed.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace tally::gate {
namespace {

/// The candidate's speed at one configuration as a move of its own: every elapsed time as a ratio,
/// against the history's spread of speeds, with Global's elapsed-time rule (its tolerance learned
/// from that spread); nullopt where that rule ignores elapsed time.
std::optional<UniformMove> uniform_move(const std::string& experiment, const analysis::Configuration& configuration,
                                        const RunnerSpeed& speed, const GateConfig& config) {
  UniformMove out{experiment, configuration, rule_for(config, "Global", model::MetricId::elapsed_ns), {}, speed.drift};
  if (out.rule.direction == Direction::ignored) return std::nullopt;
  weigh(out, speed.candidate_move,
        {speed.move_deviation, speed.degrees_of_freedom, Evidence::learned_noise, speed.degrees_of_freedom});
  return out;
}

void divide(std::vector<double>& values, double log_factor) {
  for (double& value : values)
    value /= std::exp(log_factor);
}

/// One cell's elapsed times divided by their commit's runner speed, and its uniform move.
void remove_cell_runner_speed(CellChecks& cell, const GateConfig& config, GateResult& out) {
  std::vector<HistoryCheck*> checks;
  std::vector<RegionTimes> regions;
  for (HistoryCheck& pending : cell.checks) {
    if (pending.check.metric != model::MetricId::elapsed_ns) continue;
    checks.push_back(&pending);
    regions.push_back({pending.commits, pending.check.candidate_values});
  }
  const std::optional<RunnerSpeed> speed = runner_speed(regions);
  if (!speed) return;
  const auto correction_at = [&](std::size_t position) {
    const auto found = speed->commit_corrections.find(position);
    return found == speed->commit_corrections.end() ? 0.0 : found->second;
  };
  for (HistoryCheck* pending : checks) {
    for (auto& [position, values] : pending->commits)
      divide(values, correction_at(position));
    divide(pending->check.baseline_values, correction_at(pending->baseline_at));
    divide(pending->check.candidate_values, speed->candidate_correction);
    pending->check.runner_correction = std::expm1(speed->candidate_correction - correction_at(pending->baseline_at));
  }
  cell.runner_corrections.insert(speed->commit_corrections.begin(), speed->commit_corrections.end());
  cell.runner_corrections[candidate_position] = speed->candidate_correction;
  if (auto move = uniform_move(cell.experiment->name, cell.configuration, *speed, config))
    out.uniform_moves.push_back(std::move(*move));
}

/// The metrics across runs that are a ratio of times, the reference configuration's over the
/// check's: each job's runner speed moves them as it moves the times.
constexpr std::array runner_speed_ratios{model::MetricId::computation_scalability, model::MetricId::global_efficiency,
                                         model::MetricId::speedup};

/// Each ratio of times across runs multiplied by e^(correction here − correction at the reference)
/// for its commit, the candidate's with the candidate's corrections.
void remove_runner_speed_across_runs(std::vector<CellChecks>& cells) {
  std::map<std::pair<const analysis::Experiment*, std::size_t>, const std::map<std::size_t, double>*> corrections;
  for (const CellChecks& cell : cells)
    corrections[{cell.experiment, cell.column}] = &cell.runner_corrections;
  for (CellChecks& cell : cells) {
    const auto factor = [&](std::size_t position, std::size_t reference_column) -> double {
      const auto reference = corrections.find({cell.experiment, reference_column});
      if (reference_column == cell.column || reference == corrections.end()) return 1;
      const auto here = cell.runner_corrections.find(position);
      const auto there = reference->second->find(position);
      if (here == cell.runner_corrections.end() || there == reference->second->end()) return 1;
      return std::exp(here->second - there->second);
    };
    const auto multiply = [](std::vector<double>& values, double by) {
      for (double& value : values)
        value *= by;
    };
    for (HistoryCheck& pending : cell.checks) {
      const model::MetricId metric = pending.check.metric;
      if (std::find(runner_speed_ratios.begin(), runner_speed_ratios.end(), metric) == runner_speed_ratios.end())
        continue;
      for (auto& [position, values] : pending.commits)
        multiply(values, factor(position, pending.reference_columns.at(position)));
      multiply(pending.check.baseline_values,
               factor(pending.baseline_at, pending.reference_columns.at(pending.baseline_at)));
      multiply(pending.check.candidate_values, factor(candidate_position, pending.candidate_reference_column));
    }
  }
}

} // namespace

void remove_runner_speed(std::vector<CellChecks>& cells, const GateConfig& config, GateResult& out) {
  for (CellChecks& cell : cells)
    remove_cell_runner_speed(cell, config, out);
  remove_runner_speed_across_runs(cells);
}

} // namespace tally::gate
