// SPDX-License-Identifier: BSD-3-Clause
// Shared template data.
#include "pages/page_data.hpp"

#include "pages/color_scale.hpp"
#include "pages/site_paths.hpp"

#include "tally/model/metric_format.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace tally::pages {

TemplateData commit_data(const analysis::history::CommitEntry& commit) {
  TemplateData data;
  data.set("sha", commit.sha.empty() ? "(no commit)" : commit.sha);
  data.set("short_sha", commit.short_sha);
  data.set("title", commit.title);
  data.set("author", commit.author);
  data.set("time", commit.time);
  data.set("link", commit_page_path(commit));
  return data;
}

TemplateData metric_cell(model::MetricId metric, const std::optional<analysis::MetricSummary>& summary,
                         const std::string& row_class) {
  TemplateData cell;
  if (!summary) {
    cell.set("text", "n/a");
    cell.set("hint", "not available: no counters, no GPU, no OpenMP, or no reference run");
    if (!row_class.empty()) cell.set("class", efficiency_class(NAN));
    return cell;
  }
  cell.set("text", model::format_metric(metric, summary->median));
  // A single run's value has no spread to hover for: on commit pages that is every cell.
  if (summary->count > 1) {
    cell.set("hint", "median of " + std::to_string(summary->count) + " (" + model::format_metric(metric, summary->min) +
                         " to " + model::format_metric(metric, summary->max) + ")");
  }
  if (model::metric_info(metric).kind == model::MetricKind::efficiency) {
    const std::string own = efficiency_class(summary->median);
    if (own != row_class) cell.set("class", own);
  }
  return cell;
}

std::string shared_cell_class(model::MetricId metric,
                              const std::vector<std::optional<analysis::MetricSummary>>& cells) {
  if (model::metric_info(metric).kind != model::MetricKind::efficiency) return "";
  std::map<std::string, std::size_t> uses;
  for (const auto& cell : cells) {
    if (cell) ++uses[efficiency_class(cell->median)];
  }
  // The most used; on a tie the first by name, so the same row always gives the same bytes.
  const auto most =
      std::max_element(uses.begin(), uses.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  return most == uses.end() ? "" : most->first;
}

TemplateData count_cell(const CountRow& row, const std::optional<double>& total, double visits) {
  TemplateData cell;
  if (!total) {
    cell.set("text", "n/a");
    cell.set("hint", "not measured");
    return cell;
  }
  cell.set("text", format_count_row(row, *total));
  if (visits > 0) cell.set("hint", format_count_row(row, *total / visits) + " per visit");
  return cell;
}

void set_metric_head(TemplateData& row, model::MetricId metric, const model::MetricSet& shown) {
  const model::MetricInfo& info = model::metric_info(metric);
  row.set("name", std::string(info.display_name));
  row.set("key", std::string(info.key));
  row.set("depth", std::to_string(model::shown_depth(metric, shown)));
}

std::string way_up(int depth) {
  std::string out;
  for (int i = 0; i < depth; ++i)
    out += "../";
  return out;
}

std::string region_page_path(const std::string& experiment, const std::string& region) {
  return path_slug(experiment) + "/" + path_slug(region) + ".html";
}

std::string commit_page_path(const analysis::history::CommitEntry& commit) {
  return "commits/" + path_slug(commit.sha.empty() ? commit.short_sha : commit.sha) + ".html";
}

std::string run_page_path(const model::RunDocument& document) { return "runs/" + path_slug(document.run.id) + ".html"; }

} // namespace tally::pages
