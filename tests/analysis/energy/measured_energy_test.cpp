// SPDX-License-Identifier: BSD-3-Clause
// Energy per configuration in the scaling table, the time–energy points and the energy along the
// commits (analysis/energy/configuration_energy.hpp, energy_series.hpp), on runs whose measured
// joules are set here: every expected joule and watt is computed by hand in the comments. A
// measured value and a model estimate never share a row or a chart.
#include "analysis/energy/configuration_energy.hpp"
#include "analysis/energy/energy_series.hpp"
#include "analysis/scaling_table.hpp"

#include "estimate_runs.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace tally::analysis::energy {
namespace {

using testing::make_run;
using testing::RunShape;

constexpr std::uint64_t ms = 1'000'000;
constexpr std::uint64_t joule = 1'000'000; // in µJ

ingest::LoadedRun measured(ingest::LoadedRun run, std::uint64_t package_j, std::uint64_t dram_j) {
  run.document.regions.front().energy = model::RegionEnergy{
      "measured", {{"package", package_j * joule}, {"dram", dram_j * joule}, {"core", package_j * joule / 2}}};
  return run;
}

const model::NodePowerProfile profile{.node_idle_watts = 200, .core_useful_watts = 10, .core_waiting_watts = 4};

/// 1 rank, three repetitions with 1.6 s of useful time, measured: 2 s and 200 + 40 J (240 J, 120 W),
/// 3 s and 270 + 30 J (300 J, 100 W), 2.5 s and 250 + 25 J (275 J, 110 W); core is inside the
/// package and not added. 4 ranks on 2 nodes: one repetition of 1 s, not measured.
std::vector<Experiment> one_measured_configuration(ingest::RunSet& runs, history::CommitAxis& axis) {
  runs.runs.push_back(measured(make_run(RunShape{.ranks = 1}, 2000 * ms, 1600 * ms), 200, 40));
  runs.runs.push_back(measured(make_run(RunShape{.ranks = 1}, 3000 * ms, 1600 * ms), 270, 30));
  runs.runs.push_back(measured(make_run(RunShape{.ranks = 1}, 2500 * ms, 1600 * ms), 250, 25));
  runs.runs.push_back(make_run(RunShape{.ranks = 4, .nodes = 2}, 1000 * ms, 3200 * ms));
  axis = history::order_by_document_time(runs);
  return group_experiments(runs, axis, std::nullopt);
}

TEST(MeasuredEnergy, TheTableHasTheMedianJoulesAndWattsOfTheMeasuredRuns) {
  ingest::RunSet runs;
  history::CommitAxis axis;
  const std::vector<Experiment> experiments = one_measured_configuration(runs, axis);
  const ScalingTable table = scaling_table(experiments[0], 0, "Global");
  ASSERT_EQ(table.energy_source, Source::measured);
  ASSERT_EQ(table.columns.size(), 2u);
  const auto& energy = table.columns[0].energy;
  ASSERT_TRUE(energy.has_value());
  // Joules 240, 275, 300: median 275; watts 120, 110, 100: median 110.
  EXPECT_DOUBLE_EQ(energy->joules.median, 275);
  EXPECT_DOUBLE_EQ(energy->joules.min, 240);
  EXPECT_DOUBLE_EQ(energy->joules.max, 300);
  EXPECT_EQ(energy->joules.count, 3u);
  ASSERT_TRUE(energy->watts.has_value());
  EXPECT_DOUBLE_EQ(energy->watts->median, 110);
  EXPECT_DOUBLE_EQ(energy->watts->min, 100);
  EXPECT_DOUBLE_EQ(energy->watts->max, 120);
}

TEST(MeasuredEnergy, AnUnmeasuredConfigurationIsNotFilledWithTheModelEstimate) {
  ingest::RunSet runs;
  history::CommitAxis axis;
  const std::vector<Experiment> experiments = one_measured_configuration(runs, axis);
  // A profile is given, yet the commit measured energy: the row is measured, so the 4-rank column
  // (whose estimate would be 435.2 J) has none.
  const ScalingTable table = scaling_table(experiments[0], 0, "Global", &profile);
  EXPECT_EQ(table.energy_source, Source::measured);
  EXPECT_FALSE(table.columns[1].energy.has_value());
  EXPECT_DOUBLE_EQ(table.columns[0].energy->joules.median, 275);
  // The chart takes the same source: only the measured configuration, at its run of median time.
  const std::vector<TimeEnergyPoint> points =
      time_energy_points(experiments[0], 0, "Global", Source::measured, nullptr);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_DOUBLE_EQ(points[0].seconds, 2.5);
  EXPECT_DOUBLE_EQ(points[0].joules, 275);
}

TEST(MeasuredEnergy, WithoutAnyMeasurementTheProfilesEstimateFillsEveryColumn) {
  const ingest::RunSet runs = testing_runs::one_rank_three_times_and_four_ranks_once();
  const auto axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  EXPECT_FALSE(scaling_table(experiments[0], 0, "Global").energy_source.has_value());
  const ScalingTable table = scaling_table(experiments[0], 0, "Global", &profile);
  ASSERT_EQ(table.energy_source, Source::model);
  // 1 rank: 200 W × T + 1.6 s × 10 W + (T − 1.6 s) × 4 W: 3 s 621.6 J (207.2 W), 2 s 417.6 J
  // (208.8 W), 2.5 s 519.6 J (207.84 W); medians 519.6 J and 207.84 W.
  EXPECT_NEAR(table.columns[0].energy->joules.median, 519.6, 1e-6);
  EXPECT_NEAR(table.columns[0].energy->watts->median, 207.84, 1e-6);
  // 4 ranks on 2 nodes, 1 s: 2 × 200 + 3.2 × 10 + 0.8 × 4 = 435.2 J, 435.2 W.
  EXPECT_NEAR(table.columns[1].energy->joules.median, 435.2, 1e-6);
  EXPECT_NEAR(table.columns[1].energy->watts->median, 435.2, 1e-6);
}

TEST(MeasuredEnergy, EnergyAlongTheCommitsIsOfMeasuredRunsOnly) {
  ingest::RunSet runs;
  const RunShape first{.commit = "c1", .commit_time = "2026-01-01T00:00:00Z", .ranks = 1};
  const RunShape second{.commit = "c2", .commit_time = "2026-01-02T00:00:00Z", .ranks = 1};
  runs.runs.push_back(measured(make_run(first, 2000 * ms, 1600 * ms), 200, 40));
  runs.runs.push_back(measured(make_run(second, 3000 * ms, 1600 * ms), 270, 30));
  runs.runs.push_back(measured(make_run(second, 2500 * ms, 1600 * ms), 250, 25));
  runs.runs.push_back(make_run(second, 2600 * ms, 1600 * ms));
  runs.runs.push_back(
      make_run(RunShape{.commit = "c2", .commit_time = "2026-01-02T00:00:00Z", .ranks = 4}, 1000 * ms, 3200 * ms));
  const auto axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  const std::vector<MetricSeries> series = measured_energy_series(experiments[0], "Global");
  // Only the 1-rank configuration measured: 240 J at c1; 300 and 275 J at c2 (the unmeasured
  // third repetition has no value).
  ASSERT_EQ(series.size(), 1u);
  EXPECT_EQ(series[0].configuration, 0u);
  ASSERT_EQ(series[0].points.size(), 2u);
  EXPECT_EQ(series[0].points[0].repetitions, std::vector<double>{240});
  std::vector<double> second_commit = series[0].points[1].repetitions;
  std::ranges::sort(second_commit);
  EXPECT_EQ(second_commit, (std::vector<double>{275, 300}));
}

} // namespace
} // namespace tally::analysis::energy
