// SPDX-License-Identifier: BSD-3-Clause
// What a run page says about how the run went: the hung banner, the timeline chart, the behaviour
// and the idle nodes; nothing for a document without them (older runs, TALP imports).
#pragma once

#include "analysis/history/commit_axis.hpp"
#include "analysis/ingest/run_loader.hpp"
#include "pages/templates.hpp"

#include "tally/model/run_document.hpp"

#include <cstddef>

namespace tally::pages {

/// Sets "hung" and "hang" (where it hung), and "has_timeline" with "timeline_svg" (the chart),
/// "behaviour" and "idle_nodes" (a list, with "has_idle_nodes").
void set_run_timeline_data(TemplateData& data, const model::RunDocument& document);

/// Frees the timeline's per-bucket arrays of every run that gets no page (has_run_page): up to
/// 4 × 256 values a run, which only a run page draws. The behaviour and idle nodes stay, for the
/// gate's verdicts.
void keep_timelines_of_run_pages(analysis::ingest::RunSet& runs, const analysis::history::CommitAxis& axis,
                                 std::size_t run_page_commits);

} // namespace tally::pages
