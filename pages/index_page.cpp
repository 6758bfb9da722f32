// SPDX-License-Identifier: BSD-3-Clause
// Index page data.
#include "pages/index_page.hpp"

#include "analysis/region_metrics.hpp"
#include "pages/dashboard_data.hpp"
#include "pages/page_data.hpp"
#include "pages/region_page.hpp"
#include "pages/region_tree_order.hpp"

#include "tally/model/metric_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace tally::pages {
namespace {

/// The experiment's regions as a tree: each region under the parent its newest runs name, and a
/// region whose runs name none (DLB TALP records no nesting) under Global, which spans the whole run.
/// The items are flat, in tree order; "opens" says that the next items are its children (a nested
/// list starts), "closes" holds one entry per nested list that ends after it.
TemplateList region_tree(const analysis::Experiment& experiment) {
  const std::vector<std::size_t> commits = experiment.commits();
  const bool has_global =
      std::find(experiment.regions.begin(), experiment.regions.end(), "Global") != experiment.regions.end();
  std::vector<TreeNode> nodes;
  for (const std::string& region : experiment.regions) {
    TreeNode node{region, std::nullopt};
    for (std::size_t column = 0; !commits.empty() && column < experiment.configurations.size() && !node.parent;
         ++column) {
      if (const analysis::Repetitions* runs = experiment.repetitions(commits.back(), column))
        node.parent = analysis::region_parent(*runs, region);
    }
    if (!node.parent && has_global && region != "Global") node.parent = "Global";
    nodes.push_back(std::move(node));
  }
  const std::vector<TreePlace> places = tree_order(nodes);
  TemplateList out;
  for (std::size_t i = 0; i < places.size(); ++i) {
    const std::size_t depth = places[i].depth;
    const std::size_t next_depth = i + 1 < places.size() ? places[i + 1].depth : 0;
    TemplateData item;
    item.set("name", nodes[places[i].index].name);
    item.set("link", region_page_path(experiment.name, nodes[places[i].index].name));
    item.set("opens", next_depth > depth);
    TemplateList closes(depth > next_depth ? depth - next_depth : 0, TemplateData(true));
    set_moved(item, "closes", std::move(closes));
    out.push_back(std::move(item));
  }
  return out;
}

TemplateList experiment_list(const std::vector<analysis::Experiment>& experiments,
                             const std::vector<std::vector<analysis::RegionEvolution>>& evolutions,
                             const analysis::history::CommitAxis& axis, const BranchVerdicts& verdicts,
                             const model::NodePowerProfile* power_profile) {
  TemplateList out;
  for (std::size_t e = 0; e < experiments.size(); ++e) {
    const analysis::Experiment& experiment = experiments[e];
    const auto global = std::find(experiment.regions.begin(), experiment.regions.end(), "Global");
    const analysis::RegionEvolution* global_evolution =
        global == experiment.regions.end() ? nullptr : &evolutions[e][global - experiment.regions.begin()];
    TemplateList regions = region_tree(experiment);
    TemplateList configurations;
    for (const analysis::Configuration& configuration : experiment.configurations) {
      configurations.push_back(TemplateData("label", configuration.label()));
    }
    TemplateData item;
    item.set("name", experiment.name);
    item.set("scaling", std::string(model::to_string(experiment.scaling)));
    item.set("commit_count", std::to_string(experiment.commits().size()));
    set_moved(item, "regions", std::move(regions));
    set_moved(item, "configurations", std::move(configurations));
    set_moved(item, "dashboard", dashboard_data(experiment, global_evolution, axis, verdicts, power_profile));
    out.push_back(std::move(item));
  }
  return out;
}

/// The relative size of a change point, for ordering those of one commit.
double relative_move(const analysis::SeriesChangePoint& shift) {
  return shift.before == 0 ? std::fabs(shift.after) : std::fabs(shift.after - shift.before) / std::fabs(shift.before);
}

std::string change_text(const analysis::SeriesChangePoint& shift) {
  char text[32];
  if (model::metric_info(shift.metric).kind == model::MetricKind::efficiency)
    std::snprintf(text, sizeof text, "%+.1f pp", 100.0 * (shift.after - shift.before));
  else if (shift.before != 0)
    std::snprintf(text, sizeof text, "%+.1f%%", 100.0 * (shift.after - shift.before) / std::fabs(shift.before));
  else
    return "";
  return text;
}

/// The newest change points of every charted series of every region: newest commit first, the
/// largest relative move first within a commit, at most `limit`.
TemplateList change_point_list(const std::vector<analysis::Experiment>& experiments,
                               const std::vector<std::vector<analysis::RegionEvolution>>& evolutions,
                               const analysis::history::CommitAxis& axis, std::size_t limit) {
  struct Found {
    const analysis::Experiment* experiment;
    const std::string* region;
    analysis::SeriesChangePoint shift;
  };
  std::vector<Found> found;
  for (std::size_t e = 0; e < experiments.size(); ++e) {
    for (std::size_t r = 0; r < experiments[e].regions.size(); ++r) {
      for (const analysis::SeriesChangePoint& shift : evolutions[e][r].shifts)
        found.push_back({&experiments[e], &experiments[e].regions[r], shift});
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.shift.commit != b.shift.commit) return a.shift.commit > b.shift.commit;
    return relative_move(a.shift) > relative_move(b.shift);
  });
  if (found.size() > limit) found.resize(limit);
  TemplateList out;
  for (const Found& one : found) {
    const model::MetricId metric = one.shift.metric;
    TemplateData item;
    item.set("experiment", one.experiment->name);
    item.set("region", *one.region);
    item.set("link", region_page_path(one.experiment->name, *one.region));
    item.set("configuration", one.experiment->configurations[one.shift.configuration].label());
    item.set("metric", std::string(model::metric_info(metric).display_name));
    item.set("commit", commit_data(axis.commits[one.shift.commit]));
    item.set("before", model::format_metric(metric, one.shift.before));
    item.set("after", model::format_metric(metric, one.shift.after));
    item.set("delta", change_text(one.shift));
    const bool higher_is_better = model::metric_info(metric).higher_is_better;
    item.set("worse", higher_is_better ? one.shift.after < one.shift.before : one.shift.after > one.shift.before);
    out.push_back(std::move(item));
  }
  return out;
}

} // namespace

TemplateData index_page_data(const std::vector<analysis::Experiment>& experiments,
                             const std::vector<std::vector<analysis::RegionEvolution>>& evolutions,
                             const analysis::ingest::RunSet& runs, const analysis::history::CommitAxis& axis,
                             const std::string& branch, const BranchVerdicts& verdicts,
                             const model::NodePowerProfile* power_profile) {
  TemplateData data;
  data.set("title", "Branch " + branch);
  data.set("root", way_up(0));
  data.set("branch", branch);
  data.set("run_count", std::to_string(runs.runs.size()));
  data.set("commit_count", std::to_string(axis.commits.size()));
  data.set("has_commit", !axis.commits.empty());
  // Commits, not runs: the index grows with the history's length, not with its repetitions.
  std::vector<std::size_t> run_counts(axis.commits.size()), hung_counts(axis.commits.size());
  for (const analysis::ingest::LoadedRun& run : runs.runs) {
    if (const auto position = axis.position(run.document)) {
      ++run_counts[*position];
      hung_counts[*position] += run.document.run.outcome == model::RunOutcome::hung;
    }
  }
  const auto set_hung = [&](TemplateData& item, std::size_t position) {
    item.set("has_hung", hung_counts[position] > 0);
    item.set("hung_count", std::to_string(hung_counts[position]));
  };
  if (!axis.commits.empty()) {
    TemplateData newest = commit_data(axis.commits.back());
    newest.set("verdict", verdict_data(verdicts, axis, axis.commits.size() - 1));
    set_hung(newest, axis.commits.size() - 1);
    set_moved(data, "commit", std::move(newest));
  }
  data.set("experiments", experiment_list(experiments, evolutions, axis, verdicts, power_profile));
  TemplateList change_points = change_point_list(experiments, evolutions, axis, 10);
  data.set("has_change_points", !change_points.empty());
  set_moved(data, "change_points", std::move(change_points));
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
  TemplateList commits;
  for (std::size_t position = axis.commits.size(); position-- > 0;) {
    TemplateData item = commit_data(axis.commits[position]);
    item.set("run_count", std::to_string(run_counts[position]));
    set_hung(item, position);
    item.set("verdict", verdict_data(verdicts, axis, position));
    commits.push_back(std::move(item));
  }
  set_moved(data, "commits", std::move(commits));
  return data;
}

} // namespace tally::pages
