// SPDX-License-Identifier: BSD-3-Clause
// The run page's timeline data; the words are the gate's (analysis/run_outcome.hpp), so a hang
// reads the same in a merge request and on the site.
#include "pages/run_timeline_data.hpp"

#include "analysis/parallel_for.hpp"
#include "analysis/run_outcome.hpp"
#include "pages/timeline_chart.hpp"

#include <utility>

namespace tally::pages {

void set_run_timeline_data(TemplateData& data, const model::RunDocument& document) {
  const bool hung = document.run.outcome == model::RunOutcome::hung;
  data.set("hung", hung);
  if (hung && document.run.hang) data.set("hang", analysis::hang_text(*document.run.hang));
  const std::string chart = document.timeline ? render_timeline_chart(*document.timeline) : std::string();
  data.set("has_timeline", !chart.empty());
  if (chart.empty()) return;
  data.set("timeline_svg", chart);
  data.set("behaviour", analysis::behaviour_text(document.timeline->behaviour));
  TemplateList idle_nodes;
  for (const std::string& node : document.timeline->idle_nodes)
    idle_nodes.push_back(TemplateData("node", node));
  data.set("has_idle_nodes", !idle_nodes.empty());
  set_moved(data, "idle_nodes", std::move(idle_nodes));
}

void restore_timelines_of_run_pages(analysis::ingest::RunSet& runs, const RunPages& run_pages, unsigned threads) {
  analysis::parallel_for(runs.runs.size(), threads, [&](std::size_t i) {
    analysis::ingest::LoadedRun& run = runs.runs[i];
    if (run.document.timeline && run_pages.contains(&run)) analysis::ingest::restore_timeline_buckets(run);
  });
}

} // namespace tally::pages
