// SPDX-License-Identifier: BSD-3-Clause
// Template data shared by the site's pages: commits, configurations, metric and count values.
#pragma once

#include "analysis/history/commit_axis.hpp"
#include "analysis/region_metrics.hpp"
#include "pages/count_rows.hpp"
#include "pages/templates.hpp"

#include <optional>

namespace tally::pages {

/// A commit's sha, title, author, time and the link to its page from the branch folder.
TemplateData commit_data(const analysis::history::CommitEntry& commit);

/// A table cell: the median formatted, the spread in a hover title ("hint", only when there are
/// several runs or no value), and for an efficiency the class of its colour (no class otherwise:
/// the templates then write no attribute). A cell of a row that carries `row_class` names its
/// class only where it differs, "en" for n/a (the stylesheet colours a row's classless cells).
TemplateData metric_cell(model::MetricId metric, const std::optional<analysis::MetricSummary>& summary,
                         const std::string& row_class = "");

/// The colour class most cells of a row of `metric` share, for the row to carry once ("" for a
/// metric that is no efficiency, or a row without values): on a page of many columns, the class of
/// every cell was a tenth of its bytes.
std::string shared_cell_class(model::MetricId metric, const std::vector<std::optional<analysis::MetricSummary>>& cells);

/// A count's cell: the total formatted as its row says and the value per visit on hover ("hint"),
/// or n/a where the run did not measure the count.
TemplateData count_cell(const CountRow& row, const std::optional<double>& total, double visits);

/// Adds a metric's name, key and depth to a table row. The depth is model::shown_depth among the
/// rows `shown`, the rule of `tally report` too; the stylesheet turns it into the indentation.
void set_metric_head(TemplateData& row, model::MetricId metric, const model::MetricSet& shown);

/// "../" repeated `depth` times: the way from a page back to the branch folder.
std::string way_up(int depth);

/// The page of a region: <experiment>/<region>.html below the branch folder.
std::string region_page_path(const std::string& experiment, const std::string& region);

/// The page of a commit: commits/<sha>.html below the branch folder.
std::string commit_page_path(const analysis::history::CommitEntry& commit);

/// The page of a run: runs/<id>.html below the branch folder.
std::string run_page_path(const model::RunDocument& document);

} // namespace tally::pages
