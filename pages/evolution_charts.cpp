// SPDX-License-Identifier: BSD-3-Clause
// Evolution charts of an experiment's series: the x axis holds the commits where the experiment
// has runs, and marks given at commit positions move to their column.
#include "pages/evolution_charts.hpp"

#include "tally/model/metric_format.hpp"

#include <map>
#include <utility>

namespace tally::pages {

std::string evolution_chart(const analysis::Experiment& experiment, const std::vector<analysis::MetricSeries>& series,
                            const analysis::history::CommitAxis& axis, ChartOptions options,
                            const std::vector<ChartMark>& marks) {
  if (series.empty()) return "";
  // The x axis holds the commits where this experiment has runs, in branch order.
  ChartAxis chart_axis;
  std::map<std::size_t, std::size_t> column_of;
  for (const std::size_t commit : experiment.commits()) {
    column_of[commit] = chart_axis.commit_labels.size();
    chart_axis.commit_labels.push_back(axis.commits[commit].short_sha);
    chart_axis.commit_titles.push_back(axis.commits[commit].title);
  }
  std::vector<ChartSeries> lines;
  for (const analysis::MetricSeries& one : series) {
    ChartSeries line{experiment.configurations[one.configuration].label(), one.configuration, {}};
    for (const analysis::SeriesPoint& point : one.points) {
      line.points.push_back(ChartPoint{column_of.at(point.commit), point.repetitions, std::nullopt});
    }
    lines.push_back(std::move(line));
  }
  for (const ChartMark& mark : marks) {
    if (const auto column = column_of.find(mark.commit_index); column != column_of.end()) {
      options.marks.push_back(mark);
      options.marks.back().commit_index = column->second;
    }
  }
  return render_evolution_chart(chart_axis, lines, options);
}

ChartOptions metric_chart_options(model::MetricId metric) {
  const model::MetricInfo& info = model::metric_info(metric);
  ChartOptions options;
  options.title = std::string(info.display_name);
  options.y_label = std::string(info.display_name);
  options.efficiency = info.kind == model::MetricKind::efficiency;
  options.format = [metric](double value) { return model::format_metric(metric, value); };
  return options;
}

} // namespace tally::pages
