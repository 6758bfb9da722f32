// SPDX-License-Identifier: BSD-3-Clause
// Findings: the checks of a comparison grouped by cause, so that one cause is one line however
// many levels of the metric tree, regions and configurations show it.
#pragma once

#include "gate/compare.hpp"

#include <optional>
#include <string>
#include <vector>

namespace tally::gate {

/// Groups the checks that are not passes into findings (decision.hpp orders them). Within one region and
/// configuration, a check whose ancestor in the metric tree moved the same way belongs to that
/// ancestor; computation metrics (instructions, IPC, frequency) belong to elapsed time, and
/// elapsed time to any efficiency that moved the same way. The same cause at several
/// configurations is one finding. A region's finding is listed under a smaller region whose
/// finding holds the same metric moving the same way (its cause, or a check it explains) when,
/// weighted by time share (time of the smaller / time of the larger region), the smaller one's
/// move is at least half of the larger one's. Last, a region's findings of one verdict are one
/// finding, headed by the one costing the run most, the others in its summary ("; with ...").
/// The count changes come after: one finding per region and verdict, at every configuration that
/// shows it (findings_counts.cpp); then one finding per run event (find_run_event_causes).
std::vector<Finding> find_causes(const GateResult& result);

/// The findings of the exact counts: one per experiment, region and verdict. A region's finding
/// is listed under a region started inside it (the region tree) whose counts changed by exactly
/// as much at every configuration: the inner region explains it.
std::vector<Finding> find_count_causes(const GateResult& result);

/// "; explains step, Global": the regions whose move a finding explains, the end of its summary
/// (empty when none).
std::string explains_text(const Finding& finding);

/// One finding per run event, in the region a hung run waited in (Global outside any region).
std::vector<Finding> find_run_event_causes(const GateResult& result);

} // namespace tally::gate
