// SPDX-License-Identifier: BSD-3-Clause
// What the gate finds about runs as wholes rather than their metrics: a candidate run that hung
// (fails the gate), a behaviour or idle nodes the baseline did not show (warnings), and every
// region moved by one factor beyond the runner's spread (decision.hpp: the runner or the whole code),
// and one metric of many regions at one configuration moving together (cell_spread.hpp, a warning).
#pragma once

#include "gate/verdict.hpp"

#include "analysis/configuration.hpp"
#include "analysis/experiment.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tally::gate {

enum class RunEventKind { hung, behaviour, idle_nodes, uniform, spread };

/// "hung", "behaviour", "idle nodes", "uniform" or "spread": what a report names the event by.
std::string_view to_string(RunEventKind kind);

struct RunEvent {
  RunEventKind kind = RunEventKind::hung;
  Verdict verdict = Verdict::regression; ///< regression for a hang, warning for a behaviour, idle nodes or a spread
  std::string experiment;
  analysis::Configuration configuration;
  std::string run_id;                ///< the hung run; empty for the others
  std::optional<model::Hang> hang{}; ///< where it hung
  std::string description{};         ///< one line: "hung: rank 3 (n002) waited ..."
};

/// Every hung run among `candidate_hung`, one event each, named by where it hung.
std::vector<RunEvent> hung_run_events(const std::string& experiment, const analysis::Configuration& configuration,
                                      const analysis::Repetitions& candidate_hung);

/// The behaviours and idle nodes of one cell's completed runs, baseline against candidate. A
/// candidate behaviour that no baseline run showed is a warning, unless it is `stable`; runs
/// without a behaviour are unknown and change nothing. More idle nodes in a candidate run than in
/// any baseline run is a warning naming them (counted, since a job's node names change between
/// allocations); nothing when no baseline run has a timeline.
std::vector<RunEvent> compare_run_shapes(const std::string& experiment, const analysis::Configuration& configuration,
                                         const analysis::Repetitions& baseline, const analysis::Repetitions& candidate);

} // namespace tally::gate
