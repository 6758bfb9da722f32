// SPDX-License-Identifier: BSD-3-Clause
// Counts of a region over repetitions. A count is exact, so the median only guards against a
// program whose runs disagree; the page shows no spread for it.
#include "pages/region_counts.hpp"

#include "analysis/region_metrics.hpp"
#include "pages/page_data.hpp"

#include <algorithm>
#include <optional>
#include <utility>

namespace tally::pages {
namespace {

/// The count's total and visits in each repetition that measured it.
std::vector<std::pair<double, double>> measured(const analysis::Repetitions& repetitions, const std::string& region,
                                                const CountRow& count) {
  std::vector<std::pair<double, double>> out;
  for (const analysis::ingest::LoadedRun* run : repetitions) {
    const model::Region* found = model::find_region(run->document, region);
    if (!found) continue;
    if (const auto value = count.read(found->raw))
      out.emplace_back(static_cast<double>(*value), static_cast<double>(found->visits));
  }
  return out;
}

} // namespace

TemplateData count_table_data(const analysis::Experiment& experiment, std::size_t commit, const std::string& region) {
  std::vector<const analysis::Repetitions*> cells;
  TemplateList columns;
  for (std::size_t configuration = 0; configuration < experiment.configurations.size(); ++configuration) {
    const analysis::Repetitions* repetitions = experiment.repetitions(commit, configuration);
    if (!repetitions) continue;
    cells.push_back(repetitions);
    columns.push_back(TemplateData("label", experiment.configurations[configuration].label()));
  }
  // Reserved: kainjow's move constructor is not noexcept, so a growing vector would copy.
  TemplateList rows;
  rows.reserve(count_rows().size());
  for (const CountRow& count : count_rows()) {
    bool shown = false;
    TemplateList row_cells;
    row_cells.reserve(cells.size());
    for (const analysis::Repetitions* repetitions : cells) {
      const auto values = measured(*repetitions, region, count);
      if (values.empty()) {
        row_cells.push_back(count_cell(count, std::nullopt, 0));
        continue;
      }
      std::vector<double> totals, visits;
      for (const auto& [total, visit_count] : values) {
        totals.push_back(total);
        visits.push_back(visit_count);
      }
      const double total = analysis::median(totals);
      shown = shown || count.shown_when_zero || total > 0;
      row_cells.push_back(count_cell(count, total, analysis::median(visits)));
    }
    if (!shown) continue;
    TemplateData row;
    row.set("name", count.name);
    row.set("depth", std::to_string(count.depth));
    set_moved(row, "cells", std::move(row_cells));
    rows.push_back(std::move(row));
  }
  TemplateData out;
  out.set("has_rows", !rows.empty());
  set_moved(out, "columns", std::move(columns));
  set_moved(out, "rows", std::move(rows));
  return out;
}

std::vector<std::vector<analysis::MetricSeries>> per_visit_series(const analysis::Experiment& experiment,
                                                                  const std::string& region,
                                                                  const std::vector<CountRow>& counts) {
  std::vector<std::vector<analysis::MetricSeries>> out(counts.size());
  const std::vector<std::size_t> commits = experiment.commits();
  for (std::size_t configuration = 0; configuration < experiment.configurations.size(); ++configuration) {
    std::vector<analysis::MetricSeries> series(counts.size(), analysis::MetricSeries{configuration, {}});
    for (const std::size_t commit : commits) {
      const analysis::Repetitions* repetitions = experiment.repetitions(commit, configuration);
      if (!repetitions) continue;
      std::vector<analysis::SeriesPoint> points(counts.size(), analysis::SeriesPoint{commit, {}});
      for (const analysis::ingest::LoadedRun* run : *repetitions) {
        const model::Region* found = model::find_region(run->document, region);
        if (!found || found->visits == 0) continue;
        for (std::size_t c = 0; c < counts.size(); ++c) {
          if (const auto value = counts[c].read(found->raw))
            points[c].repetitions.push_back(static_cast<double>(*value) / static_cast<double>(found->visits));
        }
      }
      for (std::size_t c = 0; c < counts.size(); ++c) {
        if (!points[c].repetitions.empty()) series[c].points.push_back(std::move(points[c]));
      }
    }
    for (std::size_t c = 0; c < counts.size(); ++c) {
      if (!series[c].points.empty()) out[c].push_back(std::move(series[c]));
    }
  }
  return out;
}

} // namespace tally::pages
