// SPDX-License-Identifier: BSD-3-Clause
// The page of one region of one experiment: the scaling-efficiency table at the newest commit
// and the evolution of every metric along the commits.
#pragma once

#include "analysis/experiment.hpp"
#include "pages/templates.hpp"

namespace tally::pages {

TemplateData region_page_data(const analysis::Experiment& experiment, const std::string& region,
                              const analysis::history::CommitAxis& axis, const std::string& branch);

} // namespace tally::pages
