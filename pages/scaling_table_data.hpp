// SPDX-License-Identifier: BSD-3-Clause
// A region's scaling table at one commit as template data (templates/scaling_table.mustache): the
// region pages and the branch index's dashboard show it alike.
#pragma once

#include "analysis/experiment.hpp"
#include "analysis/scaling_table.hpp"
#include "pages/templates.hpp"
#include "pages/verdict_data.hpp"

namespace tally::pages {

/// `table` of `region` as "columns" (label, repetitions) and "rows" (name, depth, cells: the metrics,
/// then energy_data.hpp's energy and useful computation ratio), "has_energy" and "has_useful_computation_ratio" when it
/// has those rows; a cell the gate's `verdict` (the table's commit against its parent; nullptr for none) found
/// regressed or improved is outlined and says why on hover.
TemplateData scaling_table_data(const analysis::Experiment& experiment, const analysis::ScalingTable& table,
                                const std::string& region, const gate::CommitVerdict* verdict,
                                const analysis::history::CommitAxis& axis);

} // namespace tally::pages
