// SPDX-License-Identifier: BSD-3-Clause
// Run page data, recomputed from the raw aggregates like every other view.
#include "pages/run_page.hpp"

#include "analysis/configuration.hpp"
#include "pages/count_rows.hpp"
#include "pages/page_data.hpp"
#include "pages/region_tree_order.hpp"
#include "pages/run_timeline_data.hpp"

#include "tally/model/metric_format.hpp"
#include "tally/model/run_metrics.hpp"

#include <optional>
#include <utility>
#include <vector>

namespace tally::pages {
namespace {

TemplateData field(const std::string& name, const std::string& value) {
  TemplateData data;
  data.set("name", name);
  data.set("value", value);
  return data;
}

TemplateList facts(const model::RunDocument& document) {
  const model::Environment& environment = document.environment;
  TemplateList out;
  out.push_back(field("experiment", document.run.experiment));
  out.push_back(field("label", document.run.label));
  out.push_back(field("resources", analysis::configuration_of(document).label()));
  out.push_back(field("start", document.run.start_time));
  out.push_back(field("end", document.run.end_time));
  std::string command;
  for (const std::string& argument : document.run.command_line)
    command += (command.empty() ? "" : " ") + argument;
  out.push_back(field("command", command));
  if (document.source) {
    out.push_back(field("commit", document.source->commit));
    out.push_back(field("branch", document.source->branch));
  }
  std::string hosts;
  for (const std::string& host : document.resources.hosts)
    hosts += (hosts.empty() ? "" : ", ") + host;
  out.push_back(field("hosts", hosts));
  if (const auto& job = document.run.job) {
    // As Slurm writes a step: job id, then ".step" (sacct, squeue -s).
    out.push_back(field("Slurm job", job->id + (job->step ? "." + *job->step : "")));
    if (job->partition) out.push_back(field("partition", *job->partition));
    if (job->node_list) out.push_back(field("node list", *job->node_list));
    if (job->end_time) out.push_back(field("time limit", "ends " + *job->end_time));
  }
  out.push_back(field("CPU", environment.cpu_model));
  out.push_back(field("MPI", environment.mpi_library + " " + environment.mpi_version));
  out.push_back(field("compiler", environment.compiler));
  out.push_back(field("hardware counters", environment.counters_available ? "available" : "not available"));
  out.push_back(field("clock", environment.clock));
  out.push_back(field("tally", document.tally_version));
  return out;
}

/// The counts as rows below the metrics, in the columns' order; a row only where some region
/// measured the count and counted something: the names of the counts that are zero in every region
/// that measured them go to `zero_everywhere`, which the page lists once instead of a row of zeros
/// (a kind of MPI call no region made is not listed: the page shows the kinds made). The template
/// leaves out the hover titles of run pages: the visits are a row of the table, and run pages are
/// most of the site.
TemplateList count_rows_of(const std::vector<const model::Region*>& columns,
                           std::vector<std::string>& zero_everywhere) {
  TemplateList rows;
  rows.reserve(count_rows().size());
  std::vector<std::optional<std::uint64_t>> values(columns.size());
  for (const CountRow& count : count_rows()) {
    bool measured = false, counted = false;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      values[c] = count.read(columns[c]->raw);
      measured = measured || values[c];
      counted = counted || (values[c] && *values[c] > 0);
    }
    if (measured && !counted && count.shown_when_zero) zero_everywhere.push_back(count.name);
    if (!counted) continue;
    // Cells only for the rows shown: most counts are zero or unmeasured in most runs.
    TemplateList cells;
    cells.reserve(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const std::optional<std::uint64_t>& value = values[c];
      cells.push_back(count_cell(count, value ? std::optional<double>(*value) : std::nullopt,
                                 static_cast<double>(columns[c]->visits)));
    }
    TemplateData row;
    row.set("name", count.name);
    row.set("depth", std::to_string(count.depth));
    set_moved(row, "cells", std::move(cells));
    rows.push_back(std::move(row));
  }
  return rows;
}

} // namespace

TemplateData run_page_data(const analysis::ingest::LoadedRun& run, const std::string& branch) {
  const model::RunDocument& document = run.document;
  TemplateData data;
  data.set("title", "Run " + document.run.id);
  data.set("root", way_up(1));
  data.set("branch", branch);
  data.set("id", document.run.id);
  data.set("file", run.file.string());
  data.set("facts", facts(document));
  set_run_timeline_data(data, document);
  // One table for the whole run, a column per region in tree order: each metric's name is written
  // once per page instead of once per region, which matters when a run has dozens of regions.
  std::vector<TreeNode> nodes;
  nodes.reserve(document.regions.size());
  for (const model::Region& region : document.regions)
    nodes.push_back({region.name, region.parent});
  const std::vector<TreePlace> order = tree_order(nodes);
  std::vector<const model::Region*> columns;
  columns.reserve(order.size());
  std::vector<model::MetricValues> values;
  values.reserve(order.size());
  model::MetricSet shown;
  // Reserved: kainjow's move constructor is not noexcept, so a growing vector would copy.
  TemplateList regions;
  regions.reserve(order.size());
  for (const TreePlace& place : order) {
    const model::Region& region = document.regions[place.index];
    columns.push_back(&region);
    values.push_back(model::compute_run_metrics(region.raw));
    shown |= values.back().present();
    TemplateData column;
    column.set("name", region.name);
    column.set("depth", std::to_string(place.depth));
    column.set("parent", region.parent.value_or(""));
    column.set("visits", std::to_string(region.visits));
    regions.push_back(std::move(column));
  }
  TemplateList rows;
  rows.reserve(shown.count());
  for (const model::MetricInfo& metric : model::metric_table()) {
    if (!shown.test(static_cast<std::size_t>(metric.id))) continue;
    TemplateData row;
    set_metric_head(row, metric.id, shown);
    std::vector<std::optional<analysis::MetricSummary>> summaries;
    summaries.reserve(values.size());
    for (const model::MetricValues& region_values : values) {
      const auto value = region_values.get(metric.id);
      summaries.push_back(value ? std::optional(analysis::MetricSummary{*value, *value, *value, 1}) : std::nullopt);
    }
    const std::string row_class = shared_cell_class(metric.id, summaries);
    if (!row_class.empty()) row.set("shared_class", row_class);
    TemplateList cells;
    cells.reserve(values.size());
    for (const auto& summary : summaries)
      cells.push_back(metric_cell(metric.id, summary, row_class));
    set_moved(row, "cells", std::move(cells));
    rows.push_back(std::move(row));
  }
  std::vector<std::string> zero_everywhere;
  set_moved(data, "counts", count_rows_of(columns, zero_everywhere));
  std::string zero_names;
  for (const std::string& name : zero_everywhere)
    zero_names += (zero_names.empty() ? "" : ", ") + name;
  if (!zero_names.empty()) data.set("zero_counts", zero_names);
  set_moved(data, "regions", std::move(regions));
  set_moved(data, "rows", std::move(rows));
  return data;
}

} // namespace tally::pages
