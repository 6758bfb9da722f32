// SPDX-License-Identifier: BSD-3-Clause
// What a run page says about how the run went: the hung banner, the timeline chart, the behaviour
// and the idle nodes; nothing for a document without them (older runs, TALP imports).
#pragma once

#include "analysis/ingest/run_loader.hpp"
#include "pages/commit_page.hpp"
#include "pages/templates.hpp"

#include "tally/model/run_document.hpp"

#include <cstddef>

namespace tally::pages {

/// Sets "hung" and "hang" (where it hung), and "has_timeline" with "timeline_svg" (the chart),
/// "behaviour" and "idle_nodes" (a list, with "has_idle_nodes").
void set_run_timeline_data(TemplateData& data, const model::RunDocument& document);

/// Reads again the timeline arrays of the runs that get a page (runs_with_pages), for runs loaded
/// without them (ingest::LoadOptions): the site holds the arrays of those runs only.
void restore_timelines_of_run_pages(analysis::ingest::RunSet& runs, const RunPages& run_pages, unsigned threads);

} // namespace tally::pages
