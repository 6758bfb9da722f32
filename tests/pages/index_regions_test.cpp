// SPDX-License-Identifier: BSD-3-Clause
// The branch index lists each experiment's regions as their tree: a parent before the regions
// that ran inside it, each with its depth, whatever order the documents list them in.
#include "analysis/experiment.hpp"
#include "pages/index_page.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <utility>
#include <vector>

namespace tally::pages {
namespace {

using analysis::testing::make_run;
using analysis::testing::RunShape;

/// The index's region list: each entry's depth class and name, in page order.
std::vector<std::pair<std::string, std::string>> region_list(const std::string& html) {
  const std::string list = html.substr(html.find("<ul class=\"regions\">"));
  const std::regex item("<li class=\"d(\\d)\"><a href=\"[^\"]*\">([^<]*)</a>");
  std::vector<std::pair<std::string, std::string>> out;
  for (auto it =
           std::sregex_iterator(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(list.find("</ul>")), item);
       it != std::sregex_iterator(); ++it)
    out.emplace_back((*it)[1].str(), (*it)[2].str());
  return out;
}

TEST(IndexRegions, regions_are_listed_as_their_tree_with_each_depth) {
  analysis::ingest::RunSet runs;
  runs.runs.push_back(make_run(RunShape{.commit = "c1"}, 1'000'000'000, 800'000'000));
  model::RunDocument& document = runs.runs.back().document;
  const model::RegionRaw times = document.regions.front().raw;
  // Listed child first: halo ran inside step, step and io inside Global.
  for (const auto& [name, parent] :
       std::vector<std::pair<std::string, std::string>>{{"halo", "step"}, {"io", "Global"}, {"step", "Global"}}) {
    document.regions.push_back({.name = name, .visits = 1, .raw = times, .per_rank = {}, .parent = parent});
  }
  const analysis::history::CommitAxis axis = analysis::history::order_by_document_time(runs);
  const std::vector<analysis::Experiment> experiments = analysis::group_experiments(runs, axis, std::nullopt);
  const std::string html =
      Templates(TALLY_TEST_TEMPLATES).render("index", index_page_data(experiments, runs, axis, "main", {}));

  // Global at the root; io and step under it (siblings in the experiment's order); halo under step.
  const std::vector<std::pair<std::string, std::string>> expected{
      {"0", "Global"}, {"1", "io"}, {"1", "step"}, {"2", "halo"}};
  EXPECT_EQ(region_list(html), expected);
}

} // namespace
} // namespace tally::pages
