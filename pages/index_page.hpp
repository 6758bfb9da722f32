// SPDX-License-Identifier: BSD-3-Clause
// The index of a branch's site: experiments with their regions and configurations, the newest
// commit, the biggest efficiency moves since the previous commit, and what could not be used.
#pragma once

#include "analysis/experiment.hpp"
#include "pages/templates.hpp"

namespace tally::pages {

TemplateData index_page_data(const std::vector<analysis::Experiment>& experiments, const analysis::ingest::RunSet& runs,
                             const analysis::history::CommitAxis& axis, const std::string& branch);

} // namespace tally::pages
