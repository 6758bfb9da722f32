// SPDX-License-Identifier: BSD-3-Clause
// The run page of a document built by hand: its regions in tree order with their depth, and the
// count rows with the values the document holds, formatted compactly; a region that measured no
// count reads n/a, and kinds of MPI call that no region made have no row; a run in a Slurm job names
// its job.
#include "pages/run_page.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <utility>

namespace tally::pages {
namespace {

using analysis::testing::make_run;
using analysis::testing::RunShape;

/// MPI counts with calls of two kinds: `point_to_point` and `collective` (the kinds' 1st and 4th
/// slots, model::mpi_call_kinds).
model::MpiRaw mpi_counts(std::uint64_t point_to_point, std::uint64_t collective, std::uint64_t bytes,
                         std::uint64_t collective_bytes) {
  model::MpiRaw::ByKind by_kind{};
  by_kind[0] = point_to_point;
  by_kind[3] = collective;
  return {point_to_point + collective, point_to_point + collective, by_kind, bytes, bytes, collective_bytes};
}

/// The depth class of the row named `name` (empty for a row without one) and the texts of its
/// cells; nothing when there is no such row.
std::pair<std::string, std::vector<std::string>> row(const std::string& html, const std::string& name) {
  const std::regex line("<tr(?: class=\"d(\\d)\")?><th>" + name + "(<td[^\\n]*)");
  std::smatch found;
  if (!std::regex_search(html, found, line)) return {};
  std::vector<std::string> cells;
  const std::string tail = found[2].str();
  const std::regex cell("<td[^>]*>([^<]*)");
  for (auto it = std::sregex_iterator(tail.begin(), tail.end(), cell); it != std::sregex_iterator(); ++it)
    cells.push_back((*it)[1].str());
  return {found[1].str(), cells};
}

class RunPageCounts : public ::testing::Test {
protected:
  void SetUp() override {
    run = make_run(RunShape{.ranks = 4}, 1'000'000'000, 3'000'000'000);
    model::RunDocument& document = run.document;
    model::Region& global = document.regions.front();
    global.visits = 4; // once per rank
    // Global makes every call of the run: 6,000 sends and receives and 458 collectives.
    global.raw.mpi = mpi_counts(6000, 458, 60'123'456, 3'664);
    const model::RegionRaw times = global.raw;
    // In the document's order a child comes before its parent: the page must reorder.
    document.regions.push_back({.name = "halo", .visits = 400, .raw = times, .per_rank = {}, .parent = "solve"});
    document.regions.back().raw.mpi = mpi_counts(6000, 0, 60'123'456, 0);
    document.regions.push_back({.name = "io", .visits = 4, .raw = times, .per_rank = {}, .parent = "Global"});
    document.regions.back().raw.mpi.reset(); // as in a document that did not count
    document.regions.push_back({.name = "solve", .visits = 4, .raw = times, .per_rank = {}, .parent = "Global"});
    document.regions.back().raw.mpi = mpi_counts(6000, 458, 60'123'456, 3'664);
    html = Templates(TALLY_TEST_TEMPLATES).render("run", run_page_data(run, "main"));
  }
  analysis::ingest::LoadedRun run;
  std::string html;
};

TEST_F(RunPageCounts, regions_are_columns_in_tree_order_with_their_depth) {
  std::vector<std::pair<std::string, std::string>> columns;
  const std::regex head("<th class=d(\\d)>([^<]*)");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), head); it != std::sregex_iterator(); ++it)
    columns.emplace_back((*it)[2].str(), (*it)[1].str());
  // Global, then its children io and solve in the document's order, then halo under solve.
  EXPECT_EQ(columns, (std::vector<std::pair<std::string, std::string>>{
                         {"Global", "0"}, {"io", "1"}, {"solve", "1"}, {"halo", "2"}}));
  EXPECT_EQ(row(html, "visits").second, (std::vector<std::string>{"4", "4", "4", "400"}));
}

TEST_F(RunPageCounts, count_rows_hold_the_documents_values_compactly) {
  using Cells = std::vector<std::string>;
  // Columns Global, io, solve, halo; io has no counts.
  EXPECT_EQ(row(html, "MPI calls"), std::make_pair(std::string("0"), Cells{"6,458", "n/a", "6,458", "6,000"}));
  EXPECT_EQ(row(html, "point to point"), std::make_pair(std::string("1"), Cells{"6,000", "n/a", "6,000", "6,000"}));
  EXPECT_EQ(row(html, "collective"), std::make_pair(std::string("1"), Cells{"458", "n/a", "458", "0"}));
  // 60,123,456 B = 60.1 MB; 3,664 B = 3.7 kB.
  EXPECT_EQ(row(html, "MPI bytes sent").second, (Cells{"60.1 MB", "n/a", "60.1 MB", "60.1 MB"}));
  EXPECT_EQ(row(html, "MPI collective bytes").second, (Cells{"3.7 kB", "n/a", "3.7 kB", "0 B"}));
}

TEST_F(RunPageCounts, kinds_without_calls_and_unmeasured_counts_have_no_row) {
  EXPECT_TRUE(row(html, "wait test").second.empty());
  EXPECT_TRUE(row(html, "one sided").second.empty());
  // No region measured OpenMP.
  EXPECT_TRUE(row(html, "OpenMP parallel regions").second.empty());
}

TEST(RunPageZeroCounts, a_count_zero_in_every_region_has_no_row_and_the_page_names_it) {
  analysis::ingest::LoadedRun run = make_run(RunShape{.ranks = 1}, 1'000'000'000, 1'000'000'000);
  // One rank: 12 collectives of 2,048 B in all, nothing sent or received point to point.
  run.document.regions.front().raw.mpi = mpi_counts(0, 12, 0, 2048);
  const std::string html = Templates(TALLY_TEST_TEMPLATES).render("run", run_page_data(run, "main"));
  EXPECT_EQ(row(html, "MPI collective bytes").second, (std::vector<std::string>{"2.0 kB"}));
  EXPECT_TRUE(row(html, "MPI bytes sent").second.empty());
  EXPECT_TRUE(row(html, "MPI bytes received").second.empty());
  // Named once instead; not the kinds no region made (point to point), nor OpenMP, which was not measured.
  EXPECT_NE(html.find("<p class=\"muted\">Zero in every region: MPI bytes sent, MPI bytes received.</p>"),
            std::string::npos)
      << html;
}

TEST(RunPageJob, a_run_in_a_slurm_job_names_its_step_partition_nodes_and_time_limit) {
  analysis::ingest::LoadedRun run = make_run(RunShape{.ranks = 4, .nodes = 2}, 1'000'000'000, 4'000'000'000);
  run.document.resources.hosts = {"n1", "n2"};
  run.document.run.job = model::BatchJob{"slurm", "4242", "3", "debug", "n[1-2]", "2026-11-28T10:00:00Z"};
  const std::string html = Templates(TALLY_TEST_TEMPLATES).render("run", run_page_data(run, "main"));
  EXPECT_NE(html.find("<tr><th>hosts<td>n1, n2\n"), std::string::npos) << html;
  EXPECT_NE(html.find("<tr><th>Slurm job<td>4242.3\n<tr><th>partition<td>debug\n<tr><th>node list<td>n[1-2]\n"
                      "<tr><th>time limit<td>ends 2026-11-28T10:00:00Z\n"),
            std::string::npos);
  run.document.run.job.reset();
  EXPECT_EQ(Templates(TALLY_TEST_TEMPLATES).render("run", run_page_data(run, "main")).find("Slurm job"),
            std::string::npos);
}

TEST_F(RunPageCounts, a_page_whose_counts_are_all_made_names_no_zero_count) {
  EXPECT_EQ(html.find("Zero in every region"), std::string::npos);
}

} // namespace
} // namespace tally::pages
