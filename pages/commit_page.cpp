// SPDX-License-Identifier: BSD-3-Clause
// Commit page data: the runs of one commit, measured on the experiment's first region (Global
// when the runs have it), the region that stands for the whole run.
#include "pages/commit_page.hpp"

#include "analysis/run_outcome.hpp"
#include "pages/page_data.hpp"

#include "tally/model/run_metrics.hpp"

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
  const bool kept = has_run_page(context.axis, run.document, context.run_page_commits);
  row.set("has_page", kept);
  if (kept) row.set("link", run_page_path(run.document));
  return row;
}

} // namespace

bool has_run_page(const analysis::history::CommitAxis& axis, const model::RunDocument& document,
                  std::size_t run_page_commits) {
  const auto position = axis.position(document);
  return position && *position + run_page_commits >= axis.commits.size();
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
    // A configuration's repetitions, then its hung runs: listed with their partial values, counted in no median.
    for (std::size_t configuration = 0; configuration < experiment.configurations.size(); ++configuration) {
      if (const analysis::Repetitions* repetitions = experiment.repetitions(position, configuration)) {
        for (std::size_t r = 0; r < repetitions->size(); ++r) {
          rows.push_back(run_row(context, experiment, experiment.configurations[configuration], *(*repetitions)[r],
                                 r + 1, whole_run_metrics(*(*repetitions)[r], whole_run)));
        }
      }
      const analysis::Repetitions* hung = experiment.hung_runs(position, configuration);
      for (std::size_t r = 0; hung && r < hung->size(); ++r) {
        rows.push_back(run_row(context, experiment, experiment.configurations[configuration], *(*hung)[r], 0,
                               whole_run_metrics(*(*hung)[r], whole_run)));
        ++hung_count;
      }
    }
  }
  data.set("hung_count", std::to_string(hung_count));
  data.set("has_hung", hung_count > 0);
  data.set("run_count", std::to_string(rows.size()));
  set_moved(data, "runs", std::move(rows));
  return data;
}

} // namespace tally::pages
