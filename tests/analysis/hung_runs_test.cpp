// SPDX-License-Identifier: BSD-3-Clause
// A hung run is listed with its commit and configuration but is no repetition: its measurements
// stop where it hung, so no median, series or scaling table counts it.
#include "analysis/metric_series.hpp"
#include "analysis/run_outcome.hpp"
#include "analysis/scaling_table.hpp"
#include "run_factory.hpp"

#include <gtest/gtest.h>

#include <array>

namespace tally::analysis {
namespace {

using model::MetricId;
using testing::make_run;

/// One commit, one rank: completed runs of 1.0 s and 1.2 s, and a run that hung after 5 s.
ingest::RunSet two_completed_and_one_hung() {
  ingest::RunSet runs;
  runs.runs.push_back(make_run({}, 1'000'000'000, 900'000'000));
  runs.runs.push_back(make_run({}, 1'200'000'000, 900'000'000));
  ingest::LoadedRun hung = make_run({}, 5'000'000'000, 900'000'000);
  hung.document.run.outcome = model::RunOutcome::hung;
  hung.document.run.hang = model::Hang{0, "host", "MPI_Recv", {}, 4'100'000'000};
  runs.runs.push_back(std::move(hung));
  return runs;
}

TEST(HungRuns, are_listed_beside_the_repetitions_and_left_out_of_the_median) {
  const ingest::RunSet runs = two_completed_and_one_hung();
  const history::CommitAxis axis = history::order_by_document_time(runs);
  const std::vector<Experiment> experiments = group_experiments(runs, axis, std::nullopt);
  ASSERT_EQ(experiments.size(), 1u);
  const Experiment& experiment = experiments[0];
  ASSERT_NE(experiment.repetitions(0, 0), nullptr);
  EXPECT_EQ(experiment.repetitions(0, 0)->size(), 2u);
  ASSERT_NE(experiment.hung_runs(0, 0), nullptr);
  EXPECT_EQ(experiment.hung_runs(0, 0)->front()->document.regions.front().raw.elapsed_ns, 5'000'000'000u);

  // The median of 1.0 s and 1.2 s: 1.1 s; with the hung 5 s run it would be 1.2 s.
  const ScalingTable table = scaling_table(experiment, 0, "Global");
  ASSERT_EQ(table.columns.size(), 1u);
  EXPECT_EQ(table.columns[0].repetitions, 2u);
  const auto& elapsed = table.columns[0].metrics[static_cast<std::size_t>(MetricId::elapsed_ns)];
  ASSERT_TRUE(elapsed.has_value());
  EXPECT_DOUBLE_EQ(elapsed->median, 1.1e9);
  EXPECT_DOUBLE_EQ(elapsed->max, 1.2e9);

  constexpr std::array<MetricId, 1> metrics{MetricId::elapsed_ns};
  const auto series = metric_series(experiment, "Global", metrics);
  ASSERT_EQ(series.at(0).size(), 1u);
  ASSERT_EQ(series[0][0].points.size(), 1u);
  EXPECT_EQ(series[0][0].points[0].repetitions.size(), 2u);
}

TEST(HungRuns, a_hang_reads_with_rank_host_call_and_region_stack) {
  const model::Hang hang{3, "n002", "MPI_Recv", {"step", "exchange"}, 600'000'000'000};
  EXPECT_EQ(hang_text(hang), "rank 3 (n002) waited 600.00 s in MPI_Recv in region exchange (step > exchange)");
  const model::Hang in_one_region{1, "n001", "MPI_Barrier", {"io"}, 90'000'000'000};
  EXPECT_EQ(hang_text(in_one_region), "rank 1 (n001) waited 90.00 s in MPI_Barrier in region io");
  const model::Hang outside_regions{0, "n001", "MPI_Allreduce", {}, 1'500'000'000};
  EXPECT_EQ(hang_text(outside_regions), "rank 0 (n001) waited 1.50 s in MPI_Allreduce");
}

TEST(HungRuns, behaviour_reads_as_words_and_unknown_as_not_classified) {
  EXPECT_EQ(behaviour_text(model::Behaviour::cold_start), "cold start");
  EXPECT_EQ(behaviour_text(model::Behaviour::stall), "stall");
  EXPECT_EQ(behaviour_text(std::nullopt), "not classified");
}

} // namespace
} // namespace tally::analysis
