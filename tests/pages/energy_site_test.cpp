// SPDX-License-Identifier: BSD-3-Clause
// Energy on the site, on a history built here with known joules: the scaling table's energy, power
// and useful-computation-ratio rows, the measured energy along the commits on the region page, and
// the dashboard's time–energy chart, each of one source (measured or model estimate), never both.
#include "run_factory.hpp"
#include "site_html.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tally::pages {
namespace {

using analysis::testing::make_run;
using analysis::testing::RunShape;
using testing::index_html;
using testing::region_html;
using testing::row;

constexpr std::uint64_t ms = 1'000'000;
constexpr std::uint64_t joule = 1'000'000; // in µJ

const model::NodePowerProfile profile{.node_idle_watts = 200, .core_useful_watts = 10, .core_waiting_watts = 4};

RunShape shape(int commit, std::uint64_t ranks, const std::string& region = "Global") {
  return {.commit = "c" + std::to_string(commit),
          .commit_time = "2026-01-0" + std::to_string(commit) + "T00:00:00Z",
          .ranks = ranks,
          .region = region};
}

/// A run whose region measured `package_j` + `dram_j` joules.
analysis::ingest::LoadedRun measured(analysis::ingest::LoadedRun run, std::uint64_t package_j, std::uint64_t dram_j) {
  run.document.regions.front().energy =
      model::RegionEnergy{"measured", {{"package", package_j * joule}, {"dram", dram_j * joule}}};
  return run;
}

/// c1: 1 rank in three measured repetitions, 2 s and 240 J, 3 s and 300 J, 2.5 s and 275 J (median
/// 275 J); 2 ranks, 1 s, not measured. c2: 1 rank, 2 s and 180 + 20 = 200 J (100 W); 2 ranks, 1 s,
/// not measured. Useful time 1.6 s over the ranks. With `counters`, 1 rank has IPC 2000 / 1000 and
/// 2 ranks 2000 / 1250.
analysis::ingest::RunSet measured_history(const std::string& region = "Global", bool counters = false) {
  const auto of = [&](std::uint64_t ranks) {
    return counters ? std::optional(model::CounterRaw{2000, ranks == 1 ? 1000u : 1250u}) : std::nullopt;
  };
  analysis::ingest::RunSet runs;
  runs.runs.push_back(measured(make_run(shape(1, 1, region), 2000 * ms, 1600 * ms, of(1)), 200, 40));
  runs.runs.push_back(measured(make_run(shape(1, 1, region), 3000 * ms, 1600 * ms, of(1)), 270, 30));
  runs.runs.push_back(measured(make_run(shape(1, 1, region), 2500 * ms, 1600 * ms, of(1)), 250, 25));
  runs.runs.push_back(make_run(shape(1, 2, region), 1000 * ms, 1600 * ms, of(2)));
  runs.runs.push_back(measured(make_run(shape(2, 1, region), 2000 * ms, 1600 * ms, of(1)), 180, 20));
  runs.runs.push_back(make_run(shape(2, 2, region), 1000 * ms, 1600 * ms, of(2)));
  return runs;
}

/// The same runs without any measured energy.
analysis::ingest::RunSet unmeasured_history() {
  analysis::ingest::RunSet runs = measured_history();
  for (analysis::ingest::LoadedRun& run : runs.runs)
    run.document.regions.front().energy.reset();
  return runs;
}

TEST(EnergySite, TheTableHasTheNewestCommitsMeasuredJoulesAndWattsAndNoEstimateBesideThem) {
  // A profile is given, yet c2 measured energy: both rows are measured, and the unmeasured 2-rank
  // column is n/a where its estimate (200 × 1 + 1.6 × 10 + 0.4 × 4 = 217.6 J) would have been.
  const std::string html = region_html(measured_history(), &profile);
  EXPECT_EQ(row(html, "Energy to solution (J), measured"),
            "<th>Energy to solution (J), measured</th><td>200</td>"
            "<td title=\"no run of this configuration measured energy\">n/a</td>");
  // 200 J over 2 s.
  EXPECT_EQ(row(html, "Average power (W), measured"),
            "<th>Average power (W), measured</th><td>100</td>"
            "<td title=\"no run of this configuration measured energy\">n/a</td>");
  EXPECT_EQ(html.find("model estimate</th>"), std::string::npos);
  EXPECT_EQ(html.find("217.6"), std::string::npos);
}

TEST(EnergySite, TheRegionPageChartsMeasuredEnergyAlongTheCommits) {
  const std::string html = region_html(measured_history(), nullptr);
  const std::size_t caption = html.find("<figcaption>Energy to solution, measured</figcaption>");
  ASSERT_NE(caption, std::string::npos);
  const std::string chart = html.substr(html.rfind("<svg", caption), caption - html.rfind("<svg", caption));
  // One line, of the 1-rank configuration (2 ranks measured nothing): the median 275 J at c1, 200 J
  // at c2.
  EXPECT_NE(chart.find("<title>c1: 275 J</title>"), std::string::npos);
  EXPECT_NE(chart.find("<title>c2: 200 J</title>"), std::string::npos);
  EXPECT_EQ(chart.find("2 ranks"), std::string::npos);
}

TEST(EnergySite, WithoutMeasurementsTheProfilesEstimateFillsTheRowsAndNothingIsCharted) {
  const std::string html = region_html(unmeasured_history(), &profile);
  // c2, 1 rank, 2 s: 200 × 2 + 1.6 × 10 + 0.4 × 4 = 417.6 J, 208.8 W; 2 ranks, 1 s: 200 + 16 +
  // (2 − 1.6) × 4 = 217.6 J and W.
  EXPECT_EQ(row(html, "Energy to solution (J), model estimate"),
            "<th>Energy to solution (J), model estimate</th><td>417.6</td><td>217.6</td>");
  EXPECT_EQ(row(html, "Average power (W), model estimate"),
            "<th>Average power (W), model estimate</th><td>208.8</td><td>217.6</td>");
  EXPECT_EQ(row(html, "Energy to solution (J), measured"), "");
  EXPECT_EQ(html.find("Energy to solution, measured"), std::string::npos);
  // Neither measured nor a profile: no energy rows at all, nor their explanation.
  const std::string without = region_html(unmeasured_history(), nullptr);
  EXPECT_EQ(without.find("<th>Energy to solution"), std::string::npos);
  EXPECT_EQ(without.find("Energy to solution and average power"), std::string::npos);
  EXPECT_NE(html.find("Energy to solution and average power"), std::string::npos);
}

TEST(EnergySite, TheUsefulComputationRatioRowWithCountersAndNotWithout) {
  // c2: 1 rank (the reference) 1.6 / 2 = 0.80 × min(1, 1) = 0.80; 2 ranks 1.6 / (2 × 1) = 0.80 ×
  // IPC scaling (2000 / 1250) / (2000 / 1000) = 0.8, so 0.64.
  const std::string html = region_html(measured_history("Global", true), nullptr);
  const std::string ratio = row(html, "Useful computation ratio");
  EXPECT_NE(ratio.find(">0.80</td>"), std::string::npos) << ratio;
  EXPECT_NE(ratio.find(">0.64</td>"), std::string::npos) << ratio;
  EXPECT_NE(html.find("The useful computation ratio is"), std::string::npos);
  // Without counters: neither the row nor its explanation.
  const std::string without = region_html(measured_history(), nullptr);
  EXPECT_EQ(row(without, "Useful computation ratio"), "");
  EXPECT_EQ(without.find("The useful computation ratio is"), std::string::npos);
}

TEST(EnergySite, TheDashboardDrawsMeasuredEnergyWhereTheNewestCommitHasItElseTheEstimate) {
  const std::string measured_index = index_html(measured_history(), &profile);
  EXPECT_NE(measured_index.find("Time and energy of Global at c2 (energy: measured)"), std::string::npos);
  EXPECT_NE(measured_index.find("Energy is <strong>measured</strong>"), std::string::npos);
  EXPECT_EQ(measured_index.find("model estimate"), std::string::npos);
  // One point, the 1-rank run of c2.
  EXPECT_NE(measured_index.find(": 2 s, 200 J, on the front</title>"), std::string::npos);
  const std::string model_index = index_html(unmeasured_history(), &profile);
  EXPECT_NE(model_index.find("Time and energy of Global at c2 (energy: model estimate)"), std::string::npos);
  EXPECT_EQ(model_index.find("(energy: measured)"), std::string::npos);
  EXPECT_EQ(index_html(unmeasured_history(), nullptr).find("Time and energy at the newest commit"), std::string::npos);
}

TEST(EnergySite, AHostileRegionNameWithMeasuredEnergyIsEscaped) {
  const std::string name = "<img src=x onerror=alert(1)>&\"";
  const std::string html = region_html(measured_history(name), nullptr, name);
  EXPECT_EQ(html.find("<img src=x"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;&amp;&quot;"), std::string::npos);
  EXPECT_NE(html.find("<th>Energy to solution (J), measured</th><td>200</td>"), std::string::npos);
}

} // namespace
} // namespace tally::pages
