// SPDX-License-Identifier: BSD-3-Clause
// The page of one run: its source, resources, environment, and the metric tree and counts of
// every region, one table with a column per region in the region tree's order.
#pragma once

#include "analysis/ingest/run_loader.hpp"
#include "pages/templates.hpp"

namespace tally::pages {

TemplateData run_page_data(const analysis::ingest::LoadedRun& run, const std::string& branch);

} // namespace tally::pages
