// SPDX-License-Identifier: BSD-3-Clause
// The pages of one experiment's site rendered from runs built in a test, and the parts of their
// HTML the site tests look for.
#pragma once

#include "analysis/experiment.hpp"
#include "pages/index_page.hpp"
#include "pages/region_page.hpp"

#include <string>

namespace tally::pages::testing {

/// The region page of `region` in the first experiment of `runs` (commits in document time order).
inline std::string region_html(const analysis::ingest::RunSet& runs, const model::NodePowerProfile* power_profile,
                               const std::string& region = "Global") {
  const auto axis = analysis::history::order_by_document_time(runs);
  const auto experiments = analysis::group_experiments(runs, axis, std::nullopt);
  return Templates(TALLY_TEST_TEMPLATES)
      .render("region", region_page_data(experiments[0], region,
                                         analysis::region_evolution(experiments[0], region, evolution_chart_metrics()),
                                         axis, "main", {}, power_profile));
}

/// The index page of the experiments of `runs`.
inline std::string index_html(const analysis::ingest::RunSet& runs, const model::NodePowerProfile* power_profile) {
  const auto axis = analysis::history::order_by_document_time(runs);
  const auto experiments = analysis::group_experiments(runs, axis, std::nullopt);
  return Templates(TALLY_TEST_TEMPLATES)
      .render("index",
              index_page_data(experiments, analysis::region_evolutions(experiments, evolution_chart_metrics(), 1), runs,
                              axis, "main", {}, power_profile));
}

/// The table row headed `name`, from its head to the end of the row; "" when absent.
inline std::string row(const std::string& html, const std::string& name) {
  const std::size_t head = html.find("<th>" + name + "</th>");
  if (head == std::string::npos) return "";
  return html.substr(head, html.find("</tr>", head) - head);
}

/// How many times `part` occurs in `text`, without overlaps.
inline std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
    ++count;
  return count;
}

} // namespace tally::pages::testing
