// SPDX-License-Identifier: BSD-3-Clause
// Region page data: table rows in tree order with their depth, the counts, and charts of the main
// metrics, of the measured energy and of the counts per visit along the commits where the
// experiment has runs.
#include "pages/region_page.hpp"

#include "analysis/energy/energy_series.hpp"
#include "analysis/metric_series.hpp"
#include "analysis/scaling_table.hpp"
#include "pages/chart_marks.hpp"
#include "pages/energy_data.hpp"
#include "pages/evolution_charts.hpp"
#include "pages/page_data.hpp"
#include "pages/region_counts.hpp"
#include "pages/scaling_table_data.hpp"
#include "pages/svg_chart.hpp"

#include "tally/model/metric_format.hpp"
#include "tally/model/programming_model.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace tally::pages {
namespace {

// The metrics charted along the commits: the main efficiencies and what explains time. The table
// has the whole tree; charting all of it would make pages of many megabytes for long histories.
constexpr model::MetricId charted_metrics[] = {model::MetricId::global_efficiency,
                                               model::MetricId::parallel_efficiency,
                                               model::MetricId::mpi_load_balance,
                                               model::MetricId::mpi_communication_efficiency,
                                               model::MetricId::omp_parallel_efficiency,
                                               model::MetricId::device_offload_efficiency,
                                               model::MetricId::device_parallel_efficiency,
                                               model::MetricId::computation_scalability,
                                               model::MetricId::useful_ipc,
                                               model::MetricId::elapsed_ns};

/// A count per visit: every repetition of a deterministic program gives the same value, so the
/// line is the exact value at each commit, and a change in the work done per visit shows even
/// when the number of visits changed too.
ChartOptions count_chart_options(const CountRow& count) {
  ChartOptions options;
  options.title = count.name + " per visit";
  options.y_label = options.title;
  options.format = [&count](double value) { return format_count_row(count, value); };
  return options;
}

/// The region's place in the tree at `commit`: "parent" (name and link) when its runs name one, and
/// "children", the regions that ran inside it, each with its link, by name.
void set_tree_links(TemplateData& data, const analysis::Experiment& experiment, std::size_t commit,
                    const std::string& region) {
  std::optional<std::string> parent;
  std::set<std::string> children;
  for (std::size_t configuration = 0; configuration < experiment.configurations.size(); ++configuration) {
    const analysis::Repetitions* runs = experiment.repetitions(commit, configuration);
    for (const analysis::ingest::LoadedRun* run : runs ? *runs : analysis::Repetitions{}) {
      for (const model::Region& other : run->document.regions) {
        if (other.name == region && other.parent) parent = other.parent;
        if (other.parent == region) children.insert(other.name);
      }
    }
  }
  // Region pages share their experiment's folder.
  const auto link = [&](const std::string& name) {
    TemplateData item;
    item.set("name", name);
    item.set("link", "../" + region_page_path(experiment.name, name));
    return item;
  };
  if (parent) data.set("parent", link(*parent));
  TemplateList inside;
  for (const std::string& child : children)
    inside.push_back(link(child));
  data.set("has_children", !inside.empty());
  set_moved(data, "children", std::move(inside));
}

/// The GPU programming model of `region` in the runs of `commit` (model::gpu_programming_model),
/// the models of its configurations joined when they differ; empty for a region without GPU work.
std::string programming_model_at(const analysis::Experiment& experiment, std::size_t commit,
                                 const std::string& region) {
  std::set<std::string> models;
  for (std::size_t configuration = 0; configuration < experiment.configurations.size(); ++configuration) {
    const analysis::Repetitions* runs = experiment.repetitions(commit, configuration);
    for (const analysis::ingest::LoadedRun* run : runs ? *runs : analysis::Repetitions{}) {
      const model::Region* found = model::find_region(run->document, region);
      if (const auto model = found ? model::gpu_programming_model(found->raw) : std::nullopt) models.insert(*model);
    }
  }
  std::string out;
  for (const std::string& model : models)
    out += (out.empty() ? "" : "; ") + model;
  return out;
}

/// Whether some configuration's value differs between two commits or between repetitions.
bool moved(const std::vector<analysis::MetricSeries>& series) {
  for (const analysis::MetricSeries& one : series) {
    for (const analysis::SeriesPoint& point : one.points) {
      for (const double value : point.repetitions) {
        if (value != one.points.front().repetitions.front()) return true;
      }
    }
  }
  return false;
}

TemplateData chart_data(const std::string& name, const std::string& svg) {
  TemplateData chart;
  chart.set("name", name);
  chart.set("svg", svg);
  return chart;
}

} // namespace

std::span<const model::MetricId> evolution_chart_metrics() { return charted_metrics; }

TemplateData region_page_data(const analysis::Experiment& experiment, const std::string& region,
                              const analysis::RegionEvolution& evolution, const analysis::history::CommitAxis& axis,
                              const std::string& branch, const BranchVerdicts& verdicts,
                              const model::NodePowerProfile* power_profile) {
  TemplateData data;
  data.set("title", "Region " + region + " · " + experiment.name);
  data.set("root", way_up(1));
  data.set("branch", branch);
  data.set("experiment", experiment.name);
  data.set("region", region);
  data.set("scaling", std::string(model::to_string(experiment.scaling)));
  data.set("scaling_source", experiment.scaling_source);
  const std::vector<std::size_t> commits = experiment.commits();
  const std::size_t newest = commits.back();
  data.set("commit", commit_data(axis.commits[newest]));
  const gate::CommitVerdict* verdict = verdict_at(verdicts, newest);
  data.set("table", scaling_table_data(experiment, scaling_table(experiment, newest, region, power_profile), region,
                                       verdict, axis));
  data.set("counts", count_table_data(experiment, newest, region));
  set_tree_links(data, experiment, newest, region);
  if (const std::string model = programming_model_at(experiment, newest, region); !model.empty())
    data.set("programming_model", model);
  TemplateList charts;
  for (std::size_t m = 0; m < std::size(charted_metrics); ++m) {
    const model::MetricId metric = charted_metrics[m];
    const std::string svg = evolution_chart(experiment, evolution.series[m], axis, metric_chart_options(metric),
                                            chart_marks(metric, evolution.shifts, experiment, region, axis, verdicts));
    if (!svg.empty()) charts.push_back(chart_data(std::string(model::metric_info(metric).display_name), svg));
  }
  const std::vector<analysis::MetricSeries> energy = analysis::energy::measured_energy_series(experiment, region);
  if (!energy.empty()) {
    const ChartOptions options = measured_energy_chart_options();
    charts.push_back(chart_data(options.title, evolution_chart(experiment, energy, axis, options, {})));
  }
  const std::vector<CountRow>& counts = charted_counts();
  const std::vector<std::vector<analysis::MetricSeries>> per_visit_of = per_visit_series(experiment, region, counts);
  for (std::size_t c = 0; c < counts.size(); ++c) {
    const CountRow& count = counts[c];
    const std::vector<analysis::MetricSeries>& per_visit = per_visit_of[c];
    // A count that never moved draws a flat line the table already says; region pages are most
    // of a site's bytes, so it gets no chart.
    if (!moved(per_visit)) continue;
    const ChartOptions options = count_chart_options(count);
    charts.push_back(chart_data(options.title, evolution_chart(experiment, per_visit, axis, options, {})));
  }
  set_moved(data, "charts", std::move(charts));
  data.set("commit_count", std::to_string(commits.size()));
  return data;
}

} // namespace tally::pages
