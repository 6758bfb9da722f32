// SPDX-License-Identifier: BSD-3-Clause
// The index of a branch's site: the newest commit with its gate verdict and findings, each
// experiment's dashboard (dashboard_data.hpp) and region tree, the newest change points, every
// commit with its verdict, and what could not be used.
#pragma once

#include "analysis/experiment.hpp"
#include "analysis/region_evolution.hpp"
#include "pages/templates.hpp"
#include "pages/verdict_data.hpp"
#include "tally/model/energy_estimate.hpp"

namespace tally::pages {

/// `evolutions` are region_evolutions(experiments, evolution_chart_metrics(), ...).
TemplateData index_page_data(const std::vector<analysis::Experiment>& experiments,
                             const std::vector<std::vector<analysis::RegionEvolution>>& evolutions,
                             const analysis::ingest::RunSet& runs, const analysis::history::CommitAxis& axis,
                             const std::string& branch, const BranchVerdicts& verdicts,
                             const model::NodePowerProfile* power_profile = nullptr);

} // namespace tally::pages
