// SPDX-License-Identifier: BSD-3-Clause
// An A/B study's runs paired by number within a configuration, whatever their order.
#include "analysis/ab_pairs.hpp"

#include "run_factory.hpp"

#include <gtest/gtest.h>

namespace tally::analysis {
namespace {

ingest::LoadedRun study_run(const std::string& study, model::AbSide side, std::uint64_t pair, std::uint64_t ranks,
                            std::uint64_t elapsed_ns) {
  testing::RunShape shape;
  shape.ranks = ranks;
  ingest::LoadedRun run = testing::make_run(shape, elapsed_ns, elapsed_ns * ranks);
  run.document.run.ab_study = model::AbStudyRun{study, side, pair};
  return run;
}

TEST(AbPairs, runs_are_paired_by_number_within_their_configuration_and_incomplete_pairs_are_left_out) {
  using model::AbSide;
  ingest::RunSet runs;
  // At 2 ranks pairs 2 and 1, written in reverse order; pair 3 has no baseline run. At 1 rank pair 1,
  // its candidate hung. Another study's run and a run of no study are not this study's.
  runs.runs.push_back(study_run("s", AbSide::candidate, 2, 2, 220));
  runs.runs.push_back(study_run("s", AbSide::baseline, 2, 2, 200));
  runs.runs.push_back(study_run("s", AbSide::candidate, 1, 2, 110));
  runs.runs.push_back(study_run("s", AbSide::baseline, 1, 2, 100));
  runs.runs.push_back(study_run("s", AbSide::candidate, 3, 2, 330));
  runs.runs.push_back(study_run("s", AbSide::baseline, 1, 1, 400));
  runs.runs.push_back(study_run("s", AbSide::candidate, 1, 1, 410));
  runs.runs.back().document.run.outcome = model::RunOutcome::hung;
  runs.runs.push_back(study_run("other", AbSide::baseline, 1, 2, 999));
  runs.runs.push_back(testing::make_run({}, 999, 999));

  const AbStudyRuns study = pair_ab_study(runs, "s");
  EXPECT_EQ(study.baseline_runs, 3u);
  EXPECT_EQ(study.candidate_runs, 4u);
  ASSERT_EQ(study.configurations.size(), 2u);
  const AbPairs& one = study.configurations[0];
  EXPECT_EQ(one.configuration.ranks, 1u);
  EXPECT_TRUE(one.baseline.empty()) << "a pair whose candidate hung is not compared";
  ASSERT_EQ(one.candidate_hung.size(), 1u);
  const AbPairs& two = study.configurations[1];
  ASSERT_EQ(two.baseline.size(), 2u);
  EXPECT_EQ(two.baseline[0]->document.regions.front().raw.elapsed_ns, 100u) << "pair 1 first";
  EXPECT_EQ(two.candidate[0]->document.regions.front().raw.elapsed_ns, 110u);
  EXPECT_EQ(two.candidate[1]->document.regions.front().raw.elapsed_ns, 220u);
  EXPECT_EQ(study.regions.at("scaling"), std::vector<std::string>{"Global"});
  EXPECT_EQ(one.pairing_notes, std::vector<std::string>{"pair 1: the candidate's run hung (" +
                                                        runs.runs[6].file.string() + "): left out"});
  EXPECT_EQ(two.pairing_notes, std::vector<std::string>{"pair 3: no baseline run: left out"});
}

TEST(AbPairs, a_pair_number_twice_on_one_side_keeps_the_first_and_says_so_and_a_hung_baseline_is_named) {
  using model::AbSide;
  ingest::RunSet runs;
  // Pair 1's baseline written twice (a rerun into the same folder): the first in file order, 100,
  // is compared with the candidate's 110. Pair 2's baseline hung: the pair is left out.
  runs.runs.push_back(study_run("s", AbSide::baseline, 1, 2, 100));
  runs.runs.push_back(study_run("s", AbSide::baseline, 1, 2, 150));
  runs.runs.push_back(study_run("s", AbSide::candidate, 1, 2, 110));
  runs.runs.push_back(study_run("s", AbSide::baseline, 2, 2, 200));
  runs.runs.back().document.run.outcome = model::RunOutcome::hung;
  runs.runs.push_back(study_run("s", AbSide::candidate, 2, 2, 210));

  const AbStudyRuns study = pair_ab_study(runs, "s");
  ASSERT_EQ(study.configurations.size(), 1u);
  const AbPairs& cell = study.configurations[0];
  ASSERT_EQ(cell.baseline.size(), 1u);
  EXPECT_EQ(cell.baseline[0]->document.regions.front().raw.elapsed_ns, 100u);
  EXPECT_EQ(cell.candidate[0]->document.regions.front().raw.elapsed_ns, 110u);
  EXPECT_TRUE(cell.candidate_hung.empty());
  const std::vector<std::string> notes{"pair 1: 2 baseline runs (" + runs.runs[0].file.string() + ", " +
                                           runs.runs[1].file.string() + "): the first kept",
                                       "pair 2: the baseline's run hung (" + runs.runs[3].file.string() +
                                           "): left out"};
  EXPECT_EQ(cell.pairing_notes, notes);
}

} // namespace
} // namespace tally::analysis
