// SPDX-License-Identifier: BSD-3-Clause
// Energy rows and figures (energy_data.hpp).
#include "pages/energy_data.hpp"

#include "pages/page_data.hpp"

#include <cmath>
#include <cstdio>

namespace tally::pages {
namespace {

using analysis::MetricSummary;

/// A cell of joules or watts: the median, "median of n <source> runs (low to high)" on hover when
/// there are several.
TemplateData energy_cell(const std::optional<MetricSummary>& summary, std::string_view source,
                         const std::string& missing) {
  TemplateData cell;
  if (!summary) {
    cell.set("text", "n/a");
    cell.set("hint", missing);
    return cell;
  }
  cell.set("text", energy_number(summary->median));
  if (summary->count > 1)
    cell.set("hint", "median of " + std::to_string(summary->count) + " " + std::string(source) + " runs (" +
                         energy_number(summary->min) + " to " + energy_number(summary->max) + ")");
  return cell;
}

TemplateData row_head(const std::string& name, const std::string& key) {
  TemplateData row;
  row.set("name", name);
  row.set("key", key);
  row.set("depth", "0");
  return row;
}

} // namespace

std::string energy_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, std::fabs(value) >= 1000 ? "%.0f" : "%.4g", value);
  return text;
}

TemplateList energy_rows(const analysis::ScalingTable& table) {
  TemplateList rows;
  if (table.energy_source) {
    const std::string_view source = analysis::energy::to_string(*table.energy_source);
    // An estimate exists for every run that has the region, so only a measured row lacks joules;
    // watts also need some elapsed time.
    const std::string no_energy = "no run of this configuration measured energy";
    const std::string no_time = "the runs took no time to average over";
    TemplateData joules = row_head("Energy to solution (J), " + std::string(source), "energy_to_solution_j");
    TemplateData watts = row_head("Average power (W), " + std::string(source), "average_power_w");
    TemplateList joule_cells;
    TemplateList watt_cells;
    for (const analysis::ScalingColumn& column : table.columns) {
      joule_cells.push_back(
          energy_cell(column.energy ? std::optional(column.energy->joules) : std::nullopt, source, no_energy));
      watt_cells.push_back(energy_cell(column.energy ? column.energy->watts : std::nullopt, source,
                                       column.energy ? no_time : no_energy));
    }
    set_moved(joules, "cells", std::move(joule_cells));
    set_moved(watts, "cells", std::move(watt_cells));
    rows.push_back(std::move(joules));
    rows.push_back(std::move(watts));
  }
  if (table.has_useful_computation_ratio) {
    TemplateData ratio = row_head("Useful computation ratio", "useful_computation_ratio");
    TemplateList cells;
    for (const analysis::ScalingColumn& column : table.columns) {
      // Shown and coloured as the efficiencies it is the product of.
      TemplateData cell = metric_cell(model::MetricId::parallel_efficiency, column.useful_computation_ratio);
      if (!column.useful_computation_ratio)
        cell.set("hint", "needs hardware counters in these runs and in the reference configuration's");
      cells.push_back(std::move(cell));
    }
    set_moved(ratio, "cells", std::move(cells));
    rows.push_back(std::move(ratio));
  }
  return rows;
}

ChartOptions measured_energy_chart_options() {
  ChartOptions options;
  options.title = "Energy to solution, measured";
  options.y_label = "energy to solution (J), measured";
  options.format = [](double joules) { return energy_number(joules) + " J"; };
  return options;
}

} // namespace tally::pages
