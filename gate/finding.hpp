// SPDX-License-Identifier: BSD-3-Clause
// A finding: one cause of a comparison's moves (a metric of a region, exact counts, or a run as a
// whole), with the checks it explains. findings.hpp groups the checks into findings.
#pragma once

#include "gate/verdict.hpp"

#include "analysis/configuration.hpp"

#include "tally/model/metric_tree.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tally::gate {

/// One cause: the metric nearest the root of the tree that moved in one region, at every
/// configuration that shows it, with the checks it explains.
struct Finding {
  Verdict verdict = Verdict::regression; ///< regression, improvement, inconclusive, waived, changed or warning
  std::string experiment;
  std::string region;
  model::MetricId metric{};
  std::vector<analysis::Configuration> configurations{}; ///< increasing
  bool scaling = false;              ///< a regression or improvement not seen at the smallest configuration compared
  std::vector<std::size_t> checks{}; ///< indices into GateResult::checks, the cause's first
  std::vector<std::string> explained_regions{}; ///< parent regions whose move this region explains
  std::string summary{};                        ///< one line: region, metric, values, configurations, attribution
  bool worse = false;                           ///< the cause moved the worse way (an inconclusive finding's direction)
  double impact = 0; ///< the largest cost to the run among the cause's checks (SampleVerdict::impact)
  /// Indices into GateResult::count_changes when the finding is about exact counts (then
  /// `metric` and `checks` are unused).
  std::vector<std::size_t> count_changes{};
  /// Index into GateResult::run_events when the finding is about a run as a whole (a hang, a
  /// behaviour, idle nodes); then `metric`, `checks` and `count_changes` are unused.
  std::optional<std::size_t> run_event{};
};

} // namespace tally::gate
