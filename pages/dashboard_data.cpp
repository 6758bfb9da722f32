// SPDX-License-Identifier: BSD-3-Clause
// Dashboard data: charts and table of Global drawn by the region pages' own renderers, and the
// costliest regions as analysis::costliest_regions found them, each with a sparkline.
#include "pages/dashboard_data.hpp"

#include "analysis/energy/configuration_energy.hpp"
#include "analysis/region_cost.hpp"
#include "analysis/scaling_table.hpp"
#include "pages/chart_marks.hpp"
#include "pages/evolution_charts.hpp"
#include "pages/page_data.hpp"
#include "pages/pareto_chart.hpp"
#include "pages/region_page.hpp"
#include "pages/scaling_table_data.hpp"
#include "pages/sparkline.hpp"

#include "tally/model/metric_format.hpp"

#include <algorithm>
#include <span>
#include <utility>

namespace tally::pages {
namespace {

constexpr model::MetricId charted[] = {model::MetricId::parallel_efficiency, model::MetricId::elapsed_ns};

/// Two charts side by side in the index's width, each with its legend below.
constexpr int chart_width = 560;
constexpr int chart_height = 240;

const std::string global = "Global";

TemplateList global_charts(const analysis::Experiment& experiment, const analysis::RegionEvolution* evolution,
                           const analysis::history::CommitAxis& axis, const BranchVerdicts& verdicts) {
  TemplateList out;
  if (!evolution) return out;
  const std::span<const model::MetricId> metrics = evolution_chart_metrics();
  for (std::size_t m = 0; m < std::size(charted); ++m) {
    const std::size_t series =
        static_cast<std::size_t>(std::find(metrics.begin(), metrics.end(), charted[m]) - metrics.begin());
    ChartOptions options = metric_chart_options(charted[m]);
    options.width = chart_width;
    options.height = chart_height;
    const std::string svg =
        evolution_chart(experiment, evolution->series[series], axis, std::move(options),
                        chart_marks(charted[m], evolution->shifts, experiment, global, axis, verdicts));
    if (svg.empty()) continue;
    TemplateData chart;
    chart.set("name", std::string(model::metric_info(charted[m]).display_name) + " of " + global);
    chart.set("svg", svg);
    out.push_back(std::move(chart));
  }
  return out;
}

TemplateList costliest(const analysis::Experiment& experiment, const analysis::history::CommitAxis& axis) {
  TemplateList out;
  for (const analysis::RegionCost& cost : analysis::costliest_regions(experiment, dashboard_region_count)) {
    const std::string& since = axis.commits[cost.trend_from].short_sha;
    TemplateData item;
    item.set("name", cost.region);
    item.set("link", region_page_path(experiment.name, cost.region));
    item.set("elapsed", model::format_metric(model::MetricId::elapsed_ns, cost.elapsed_ns));
    item.set("since", since);
    item.set("sparkline", render_sparkline(cost.trend, cost.region + ": elapsed time of each commit since " + since));
    out.push_back(std::move(item));
  }
  return out;
}

} // namespace

TemplateData dashboard_data(const analysis::Experiment& experiment, const analysis::RegionEvolution* global_evolution,
                            const analysis::history::CommitAxis& axis, const BranchVerdicts& verdicts,
                            const model::NodePowerProfile* power_profile) {
  TemplateData data;
  const std::vector<std::size_t> commits = experiment.commits();
  if (commits.empty()) return data;
  set_moved(data, "charts", global_charts(experiment, global_evolution, axis, verdicts));
  if (std::find(experiment.regions.begin(), experiment.regions.end(), global) != experiment.regions.end()) {
    const std::size_t newest = commits.back();
    const gate::CommitVerdict* verdict = verdict_at(verdicts, newest);
    data.set("table", scaling_table_data(experiment, analysis::scaling_table(experiment, newest, global, power_profile),
                                         global, verdict, axis));
  }
  TemplateList regions = costliest(experiment, axis);
  data.set("has_costliest", !regions.empty());
  set_moved(data, "costliest", std::move(regions));
  data.set("configuration", experiment.configurations[analysis::cost_configuration(experiment)].label());
  const std::size_t newest = commits.back();
  if (const auto source = analysis::energy::commit_energy_source(experiment, newest, global, power_profile)) {
    TemplateData chart;
    chart.set("svg", render_pareto_chart(
                         analysis::energy::time_energy_points(experiment, newest, global, *source, power_profile),
                         {.title = "Time and energy of Global at " + axis.commits[newest].short_sha,
                          .source = std::string(analysis::energy::to_string(*source))}));
    chart.set("measured", *source == analysis::energy::Source::measured);
    set_moved(data, "energy_chart", std::move(chart));
  }
  return data;
}

} // namespace tally::pages
