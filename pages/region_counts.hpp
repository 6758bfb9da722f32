// SPDX-License-Identifier: BSD-3-Clause
// The counts of one region on its page: a table at one commit with a column per configuration,
// and each charted count per visit along the commits.
#pragma once

#include "analysis/experiment.hpp"
#include "analysis/metric_series.hpp"
#include "pages/count_rows.hpp"
#include "pages/templates.hpp"

#include <string>
#include <vector>

namespace tally::pages {

/// The table of `region` at `commit`: "columns" (configurations with runs there) and "rows" (the
/// counts some column measured), each cell the median over the repetitions that measured it.
/// Empty "rows" when no run measured a count.
TemplateData count_table_data(const analysis::Experiment& experiment, std::size_t commit, const std::string& region);

/// Each of `counts` divided by the region's visits in each repetition, one series per
/// configuration, only the commits where some repetition measured it; no series for a count none
/// measured. The runs' region is looked up once for all the counts.
std::vector<std::vector<analysis::MetricSeries>> per_visit_series(const analysis::Experiment& experiment,
                                                                  const std::string& region,
                                                                  const std::vector<CountRow>& counts);

} // namespace tally::pages
