// SPDX-License-Identifier: BSD-3-Clause
// Index page data.
#include "pages/index_page.hpp"

#include "analysis/changes.hpp"
#include "pages/page_data.hpp"

#include "tally/model/metric_format.hpp"

#include <cmath>
#include <cstdio>
#include <utility>

namespace tally::pages {
namespace {

TemplateList experiment_list(const std::vector<analysis::Experiment>& experiments) {
  TemplateList out;
  for (const analysis::Experiment& experiment : experiments) {
    TemplateList regions, configurations;
    for (const std::string& region : experiment.regions) {
      TemplateData item;
      item.set("name", region);
      item.set("link", region_page_path(experiment.name, region));
      regions.push_back(std::move(item));
    }
    for (const analysis::Configuration& configuration : experiment.configurations) {
      configurations.push_back(TemplateData("label", configuration.label()));
    }
    TemplateData item;
    item.set("name", experiment.name);
    item.set("scaling", std::string(model::to_string(experiment.scaling)));
    item.set("commit_count", std::to_string(experiment.commits().size()));
    set_moved(item, "regions", std::move(regions));
    set_moved(item, "configurations", std::move(configurations));
    out.push_back(std::move(item));
  }
  return out;
}

TemplateList change_list(const std::vector<analysis::Experiment>& experiments) {
  TemplateList out;
  for (const analysis::EfficiencyChange& change : analysis::biggest_changes(experiments, 10)) {
    const analysis::Experiment& experiment =
        *std::find_if(experiments.begin(), experiments.end(),
                      [&](const analysis::Experiment& e) { return e.name == change.experiment; });
    char delta[32];
    std::snprintf(delta, sizeof delta, "%+.1f pp", 100.0 * (change.after - change.before));
    TemplateData item;
    item.set("experiment", change.experiment);
    item.set("region", change.region);
    item.set("link", region_page_path(change.experiment, change.region));
    item.set("configuration", experiment.configurations[change.configuration].label());
    item.set("metric", std::string(model::metric_info(change.metric).display_name));
    item.set("before", model::format_metric(change.metric, change.before));
    item.set("after", model::format_metric(change.metric, change.after));
    item.set("delta", delta);
    item.set("worse", change.after < change.before);
    out.push_back(std::move(item));
  }
  return out;
}

} // namespace

TemplateData index_page_data(const std::vector<analysis::Experiment>& experiments, const analysis::ingest::RunSet& runs,
                             const analysis::history::CommitAxis& axis, const std::string& branch) {
  TemplateData data;
  data.set("title", "Branch " + branch);
  data.set("root", way_up(0));
  data.set("branch", branch);
  data.set("run_count", std::to_string(runs.runs.size()));
  data.set("commit_count", std::to_string(axis.commits.size()));
  data.set("has_commit", !axis.commits.empty());
  if (!axis.commits.empty()) data.set("commit", commit_data(axis.commits.back()));
  data.set("experiments", experiment_list(experiments));
  TemplateList changes = change_list(experiments);
  data.set("has_changes", !changes.empty());
  set_moved(data, "changes", std::move(changes));
  TemplateList invalid;
  for (const analysis::ingest::InvalidDocument& document : runs.invalid) {
    for (const std::string& problem : document.problems)
      invalid.push_back(TemplateData("problem", problem));
  }
  data.set("has_invalid", !invalid.empty());
  set_moved(data, "invalid", std::move(invalid));
  TemplateList off_branch;
  for (const analysis::history::CommitEntry& commit : axis.off_branch)
    off_branch.push_back(commit_data(commit));
  data.set("has_off_branch", !off_branch.empty());
  set_moved(data, "off_branch", std::move(off_branch));
  // Commits, not runs: the index grows with the history's length, not with its repetitions.
  std::vector<std::size_t> run_counts(axis.commits.size());
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    if (const auto position = axis.position(run.document)) ++run_counts[*position];
  }
  TemplateList commits;
  for (std::size_t position = axis.commits.size(); position-- > 0;) {
    TemplateData item = commit_data(axis.commits[position]);
    item.set("run_count", std::to_string(run_counts[position]));
    commits.push_back(std::move(item));
  }
  set_moved(data, "commits", std::move(commits));
  return data;
}

} // namespace tally::pages
