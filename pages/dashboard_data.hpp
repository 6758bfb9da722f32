// SPDX-License-Identifier: BSD-3-Clause
// The dashboard of one experiment on the branch index, the first screen of the site: slower (Global's
// parallel efficiency and elapsed time along the commits), where (the costliest regions) and since
// when (change points, red verdicts, each region's trend since its last change point).
#pragma once

#include "analysis/experiment.hpp"
#include "analysis/region_evolution.hpp"
#include "pages/templates.hpp"
#include "pages/verdict_data.hpp"
#include "tally/model/energy_estimate.hpp"

#include <cstddef>

namespace tally::pages {

/// How many of the costliest regions the dashboard lists.
inline constexpr std::size_t dashboard_region_count = 8;

/// "charts" (name, svg: Global's dashboard_metrics with their change points and regressions),
/// "table" (Global's scaling table at the newest commit, scaling_table_data; absent without a
/// Global region), "has_costliest", "costliest" (name, link, elapsed, since: the short sha where its
/// trend starts, sparkline) and "configuration", the label the regions' times are taken at.
/// "energy_chart" (svg, measured): the time–energy chart of the newest commit's configurations
/// (pareto_chart.hpp), of measured energy where a run of that commit measured Global's, else of
/// the model's estimate from `power_profile`; absent with neither. The table's energy rows take
/// the same source. `global_evolution` is Global's evolution of evolution_chart_metrics() (region_evolutions()),
/// null without a Global region.
TemplateData dashboard_data(const analysis::Experiment& experiment, const analysis::RegionEvolution* global_evolution,
                            const analysis::history::CommitAxis& axis, const BranchVerdicts& verdicts,
                            const model::NodePowerProfile* power_profile = nullptr);

} // namespace tally::pages
