// SPDX-License-Identifier: BSD-3-Clause
// Scaling-table template data: the metric rows in tree order, one cell per configuration, the cells
// the gate found moved outlined.
#include "pages/scaling_table_data.hpp"

#include "pages/energy_data.hpp"
#include "pages/page_data.hpp"

#include <algorithm>
#include <utility>

namespace tally::pages {
namespace {

/// The gate's finding of the newest commit against its parent that is about this cell (the region's
/// metric at the configuration), when it is a regression or an improvement: what the badge says,
/// from the same checks.
const gate::Finding* gate_finding(const gate::CommitVerdict* verdict, const analysis::Experiment& experiment,
                                  const std::string& region, model::MetricId metric,
                                  const analysis::Configuration& configuration) {
  if (!verdict) return nullptr;
  for (const gate::Finding& finding : verdict->findings) {
    const bool directed = finding.verdict == gate::Verdict::regression || finding.verdict == gate::Verdict::improvement;
    if (directed && finding.run_event == std::nullopt && finding.count_changes.empty() &&
        finding.experiment == experiment.name && finding.region == region && finding.metric == metric &&
        std::find(finding.configurations.begin(), finding.configurations.end(), configuration) !=
            finding.configurations.end())
      return &finding;
  }
  return nullptr;
}

/// Outlines a cell the gate found moved, and says so on hover.
void mark_gate_finding(TemplateData& cell, const gate::Finding& finding, const std::string& parent) {
  const std::string word(gate::to_string(finding.verdict));
  const TemplateData* own = cell.get("class");
  cell.set("class", (own && own->is_string() ? own->string_value() + " " : std::string()) + "gate-" + word);
  cell.set("hint", "tally gate against " + parent + ": " + word + ": " + finding.summary);
}

} // namespace

TemplateData scaling_table_data(const analysis::Experiment& experiment, const analysis::ScalingTable& table,
                                const std::string& region, const gate::CommitVerdict* verdict,
                                const analysis::history::CommitAxis& axis) {
  TemplateList columns;
  for (const analysis::ScalingColumn& column : table.columns) {
    TemplateData header;
    header.set("label", experiment.configurations[column.configuration].label());
    header.set("repetitions", std::to_string(column.repetitions));
    columns.push_back(std::move(header));
  }
  model::MetricSet shown;
  for (const model::MetricId metric : table.rows)
    shown.set(static_cast<std::size_t>(metric));
  // Reserved: kainjow's move constructor is not noexcept, so a growing vector would copy.
  TemplateList energy = energy_rows(table);
  TemplateList rows;
  rows.reserve(table.rows.size() + energy.size());
  for (const model::MetricId metric : table.rows) {
    TemplateData row;
    set_metric_head(row, metric, shown);
    TemplateList cells;
    cells.reserve(table.columns.size());
    for (const analysis::ScalingColumn& column : table.columns) {
      TemplateData cell = metric_cell(metric, column.metrics[static_cast<std::size_t>(metric)]);
      const analysis::Configuration& configuration = experiment.configurations[column.configuration];
      if (const gate::Finding* finding = gate_finding(verdict, experiment, region, metric, configuration))
        mark_gate_finding(cell, *finding, axis.commits[verdict->baseline].short_sha);
      cells.push_back(std::move(cell));
    }
    set_moved(row, "cells", std::move(cells));
    rows.push_back(std::move(row));
  }
  for (TemplateData& row : energy)
    rows.push_back(std::move(row));
  TemplateData out;
  out.set("has_energy", table.energy_source.has_value());
  out.set("has_useful_computation_ratio", table.has_useful_computation_ratio);
  set_moved(out, "columns", std::move(columns));
  set_moved(out, "rows", std::move(rows));
  return out;
}

} // namespace tally::pages
