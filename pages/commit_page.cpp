// SPDX-License-Identifier: BSD-3-Clause
// Commit page data: the runs of one commit, measured on the experiment's first region (Global
// when the runs have it), the region that stands for the whole run.
#include "pages/commit_page.hpp"

#include "analysis/run_outcome.hpp"
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

/// `repetition` is 0 for a hung run: it is no repetition, and its row says so.
TemplateData run_row(const CommitPageContext& context, const analysis::Experiment& experiment,
                     const analysis::Configuration& configuration, const analysis::ingest::LoadedRun& run,
                     std::size_t repetition, const model::MetricValues& values) {
  TemplateData row;
  row.set("experiment", experiment.name);
  row.set("configuration", configuration.label());
  row.set("hung", repetition == 0);
  if (repetition == 0 && run.document.run.hang) row.set("hang", analysis::hang_text(*run.document.run.hang));
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
    // A hung run is no repetition: each keeps its page, which says where it hung.
    for (auto cells = experiment.hung_cells.lower_bound(first); cells != experiment.hung_cells.end(); ++cells) {
      for (const auto& [configuration, hung] : cells->second)
        out.insert(hung.begin(), hung.end());
    }
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
  std::size_t hung_count = 0;
  for (const analysis::Experiment& experiment : context.experiments) {
    // An experiment whose every run hung has no region of its own: its runs' Global stands in.
    const std::string whole_run = experiment.regions.empty() ? std::string("Global") : experiment.regions.front();
    // A configuration's repetitions, then its hung runs (listed with their partial values, counted
    // in no median); the experiment's and each configuration's name span their rows.
    std::vector<TemplateData> experiment_rows;
    for (std::size_t configuration = 0; configuration < experiment.configurations.size(); ++configuration) {
      const std::size_t first_row = experiment_rows.size();
      const analysis::Configuration& label = experiment.configurations[configuration];
      if (const analysis::Repetitions* repetitions = experiment.repetitions(position, configuration)) {
        for (std::size_t r = 0; r < repetitions->size(); ++r) {
          experiment_rows.push_back(run_row(context, experiment, label, *(*repetitions)[r], r + 1,
                                            whole_run_metrics(*(*repetitions)[r], whole_run)));
        }
      }
      const analysis::Repetitions* hung = experiment.hung_runs(position, configuration);
      for (std::size_t r = 0; hung && r < hung->size(); ++r) {
        experiment_rows.push_back(
            run_row(context, experiment, label, *(*hung)[r], 0, whole_run_metrics(*(*hung)[r], whole_run)));
        ++hung_count;
      }
      if (experiment_rows.size() > first_row)
        set_span(experiment_rows[first_row], "configuration", experiment_rows.size() - first_row);
    }
    if (!experiment_rows.empty()) set_span(experiment_rows.front(), "experiment", experiment_rows.size());
    for (TemplateData& row : experiment_rows)
      rows.push_back(std::move(row));
  }
  data.set("hung_count", std::to_string(hung_count));
  data.set("has_hung", hung_count > 0);
  data.set("run_count", std::to_string(rows.size()));
  set_moved(data, "runs", std::move(rows));
  return data;
}

} // namespace tally::pages
