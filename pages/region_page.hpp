// SPDX-License-Identifier: BSD-3-Clause
// The page of one region of one experiment: the scaling-efficiency table and the counts at the
// newest commit, and the evolution of the main metrics and counts per visit along the commits.
#pragma once

#include "analysis/experiment.hpp"
#include "pages/templates.hpp"

namespace tally::pages {

TemplateData region_page_data(const analysis::Experiment& experiment, const std::string& region,
                              const analysis::history::CommitAxis& axis, const std::string& branch);

} // namespace tally::pages
