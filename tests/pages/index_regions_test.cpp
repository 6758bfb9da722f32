// SPDX-License-Identifier: BSD-3-Clause
// The branch index draws each experiment's regions as their tree, nested lists: a region inside the
// list of the region it ran in, whatever order the documents list them in; regions whose documents
// name no parent (DLB TALP's) inside Global.
#include "analysis/experiment.hpp"
#include "pages/index_page.hpp"
#include "pages/region_page.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace tally::pages {
namespace {

using analysis::testing::make_run;
using analysis::testing::RunShape;

/// The index's region tree: each entry's nesting depth (the lists open around it, less one) and
/// name, in page order.
std::vector<std::pair<std::string, std::string>> region_list(const std::string& html) {
  const std::string tree = html.substr(html.find("<ul class=\"region-tree\">"));
  const std::regex token("(<ul[^>]*>)|(</ul>)|<li><a href=\"[^\"]*\">([^<]*)</a>");
  std::vector<std::pair<std::string, std::string>> out;
  int open = 0;
  for (auto it = std::sregex_iterator(tree.begin(), tree.end(), token); it != std::sregex_iterator(); ++it) {
    if ((*it)[1].matched) ++open;
    if ((*it)[2].matched && --open == 0) break;
    if ((*it)[3].matched) out.emplace_back(std::to_string(open - 1), (*it)[3].str());
  }
  return out;
}

/// The index of one run on commit c1 with Global and `regions` (name, parent; "" for none).
std::string index_of(const std::vector<std::pair<std::string, std::string>>& regions) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(make_run(RunShape{.commit = "c1"}, 1'000'000'000, 800'000'000));
  model::RunDocument& document = runs.runs.back().document;
  const model::RegionRaw times = document.regions.front().raw;
  for (const auto& [name, parent] : regions) {
    document.regions.push_back({.name = name,
                                .visits = 1,
                                .raw = times,
                                .per_rank = {},
                                .parent = parent.empty() ? std::nullopt : std::optional<std::string>(parent)});
  }
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  return Templates(TALLY_TEST_TEMPLATES)
      .render("index",
              index_page_data(experiments, analysis::region_evolutions(experiments, evolution_chart_metrics(), 1), runs,
                              axis, "main", {}));
}

TEST(IndexRegions, regions_are_nested_lists_of_their_tree) {
  // Listed child first: halo ran inside step, step and io inside Global.
  const std::string html = index_of({{"halo", "step"}, {"io", "Global"}, {"step", "Global"}});

  // Global at the root; io and step in its list (siblings in the experiment's order); halo in step's.
  const std::vector<std::pair<std::string, std::string>> expected{
      {"0", "Global"}, {"1", "io"}, {"1", "step"}, {"2", "halo"}};
  EXPECT_EQ(region_list(html), expected);
}

TEST(IndexRegions, regions_without_a_parent_are_drawn_inside_global) {
  // As DLB TALP documents: no region names a parent.
  const std::string html = index_of({{"solve", ""}, {"io", ""}});

  const std::vector<std::pair<std::string, std::string>> expected{{"0", "Global"}, {"1", "io"}, {"1", "solve"}};
  EXPECT_EQ(region_list(html), expected);
}

} // namespace
} // namespace tally::pages
