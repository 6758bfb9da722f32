// SPDX-License-Identifier: BSD-3-Clause
// Commit page data: the runs of one commit, measured on the experiment's first region (Global
// when the runs have it), the region that stands for the whole run.
#include "pages/commit_page.hpp"

#include "pages/page_data.hpp"

#include "tally/model/run_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace tally::pages {
namespace {

/// A run without the region gets no values: its cells read n/a rather than another region's.
model::MetricValues whole_run_metrics(const analysis::ingest::LoadedRun& run, const std::string& region) {
  const model::Region* found = model::find_region(run.document, region);
  return found ? model::compute_run_metrics(found->raw) : model::MetricValues{};
}

TemplateData run_row(const CommitPageContext& context, const analysis::Experiment& experiment,
                     const analysis::Configuration& configuration, const analysis::ingest::LoadedRun& run,
                     std::size_t repetition, const model::MetricValues& values) {
  TemplateData row;
  row.set("experiment", experiment.name);
  row.set("configuration", configuration.label());
  row.set("repetition", std::to_string(repetition));
  row.set("id", run.document.run.id);
  const auto cell = [&](model::MetricId metric) {
    const auto value = values.get(metric);
    return metric_cell(metric,
                       value ? std::optional(analysis::MetricSummary{*value, *value, *value, 1}) : std::nullopt);
  };
  row.set("elapsed", cell(model::MetricId::elapsed_ns));
  row.set("parallel_efficiency", cell(model::MetricId::parallel_efficiency));
  const bool kept = context.run_pages.contains(&run);
  row.set("has_page", kept);
  if (kept) row.set("link", run_page_path(run.document));
  return row;
}

/// Marks `row` as the first of `rows` rows that share its `name` cell ("<name>_first", and
/// "<name>_span" for the rowspan where it spans more than itself).
void set_span(TemplateData& row, const std::string& name, std::size_t rows) {
  row.set(name + "_first", true);
  if (rows > 1) row.set(name + "_span", std::to_string(rows));
}

} // namespace

RunPages runs_with_pages(const std::vector<analysis::Experiment>& experiments,
                         const analysis::history::CommitAxis& axis, std::size_t run_page_commits) {
  RunPages out;
  const std::size_t first = axis.commits.size() - std::min(run_page_commits, axis.commits.size());
  for (const analysis::Experiment& experiment : experiments) {
    if (experiment.regions.empty()) continue;
    for (auto cells = experiment.cells.lower_bound(first); cells != experiment.cells.end(); ++cells) {
      for (const auto& [configuration, repetitions] : cells->second) {
        // Ordered by elapsed time, a run without the region last; the lower middle of an even count.
        std::vector<std::pair<double, const analysis::ingest::LoadedRun*>> by_time;
        for (const analysis::ingest::LoadedRun* run : repetitions) {
          const auto elapsed = whole_run_metrics(*run, experiment.regions.front()).get(model::MetricId::elapsed_ns);
          by_time.emplace_back(elapsed.value_or(INFINITY), run);
        }
        std::stable_sort(by_time.begin(), by_time.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        if (!by_time.empty()) out.insert(by_time[(by_time.size() - 1) / 2].second);
      }
    }
  }
  return out;
}

TemplateData commit_page_data(const CommitPageContext& context, std::size_t position) {
  const analysis::history::CommitEntry& commit = context.axis.commits[position];
  TemplateData data;
  data.set("title", "Commit " + commit.short_sha);
  data.set("root", way_up(1));
  data.set("branch", context.branch);
  data.set("commit", commit_data(commit));
  data.set("verdict", verdict_data(context.verdicts, context.axis, position));
  data.set("has_previous", position > 0);
  if (position > 0) data.set("previous", commit_data(context.axis.commits[position - 1]));
  data.set("has_next", position + 1 < context.axis.commits.size());
  if (position + 1 < context.axis.commits.size()) data.set("next", commit_data(context.axis.commits[position + 1]));
  TemplateList rows;
  for (const analysis::Experiment& experiment : context.experiments) {
    const auto cells = experiment.cells.find(position);
    if (cells == experiment.cells.end() || experiment.regions.empty()) continue;
    const std::string& whole_run = experiment.regions.front();
    // The experiment's and each configuration's name span their rows: written once, not per run.
    std::size_t experiment_rows = 0;
    for (const auto& cell : cells->second)
      experiment_rows += cell.second.size();
    bool first_of_experiment = true;
    for (const auto& [configuration, repetitions] : cells->second) {
      for (std::size_t r = 0; r < repetitions.size(); ++r) {
        TemplateData row = run_row(context, experiment, experiment.configurations[configuration], *repetitions[r],
                                   r + 1, whole_run_metrics(*repetitions[r], whole_run));
        if (first_of_experiment) set_span(row, "experiment", experiment_rows);
        if (r == 0) set_span(row, "configuration", repetitions.size());
        first_of_experiment = false;
        rows.push_back(std::move(row));
      }
    }
  }
  data.set("run_count", std::to_string(rows.size()));
  set_moved(data, "runs", std::move(rows));
  return data;
}

} // namespace tally::pages
