// SPDX-License-Identifier: BSD-3-Clause
// The page of one region of one experiment: the scaling-efficiency table and the counts at the
// newest commit, and the evolution of the main metrics, the measured energy and the counts per
// visit along the commits, the metrics marked with their change points and the commits the gate
// found a regression in.
#pragma once

#include "analysis/experiment.hpp"
#include "analysis/region_evolution.hpp"
#include "pages/templates.hpp"
#include "pages/verdict_data.hpp"

#include "tally/model/energy_estimate.hpp"

#include <span>

namespace tally::pages {

/// The metrics charted along the commits (and searched for change points).
std::span<const model::MetricId> evolution_chart_metrics();

/// With `power_profile`, a table whose commit measured no energy has the model's estimate. The
/// measured energy to solution along the commits is charted where some run measured it.
/// `evolution` is the region's evolution of evolution_chart_metrics() (region_evolutions()).
TemplateData region_page_data(const analysis::Experiment& experiment, const std::string& region,
                              const analysis::RegionEvolution& evolution, const analysis::history::CommitAxis& axis,
                              const std::string& branch, const BranchVerdicts& verdicts,
                              const model::NodePowerProfile* power_profile = nullptr);

} // namespace tally::pages
