// SPDX-License-Identifier: BSD-3-Clause
// What the timeline and the hang watchdog add to tally.run/2: run.outcome, run.hang and the
// top-level timeline. Written and read back unchanged; documents older than the fields read as
// completed runs without a timeline; each inconsistency refused with its pointer.
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tally::model {
namespace {

using example_runs::jacobi_example;
using example_runs::problems_of;
using nlohmann::json;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

/// The jacobi example as the watchdog writes it: rank 3 hung 600 s in MPI_Recv inside
/// step > exchange, after three buckets of 100 ms.
json hung_jacobi() {
  json document = jacobi_example();
  document["run"]["outcome"] = "hung";
  document["run"]["hang"] = {{"rank", 3},
                             {"host", "n002"},
                             {"call", "MPI_Recv"},
                             {"regions", {"step", "exchange"}},
                             {"waited_ns", 600'000'000'000}};
  document["timeline"] = {{"bucket_ns", 100'000'000},
                          {"useful_ns", {400'000'000, 380'000'000, 0}},
                          {"mpi_ns", {0, 20'000'000, 400'000'000}},
                          {"offload_ns", {0, 0, 0}},
                          {"openmp_ns", {0, 0, 0}},
                          {"behaviour", "stall"},
                          {"idle_nodes", {"n002"}}};
  return document;
}

TEST(DocumentTimeline, a_hung_run_and_its_timeline_round_trip) {
  const json document = hung_jacobi();
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.run.outcome, RunOutcome::hung);
  ASSERT_TRUE(read.run.hang.has_value());
  EXPECT_EQ(read.run.hang->call, "MPI_Recv");
  EXPECT_THAT(read.run.hang->regions, ElementsAre("step", "exchange"));
  ASSERT_TRUE(read.timeline.has_value());
  EXPECT_EQ(read.timeline->bucket_ns, 100'000'000u);
  EXPECT_THAT(read.timeline->mpi_ns, ElementsAre(0u, 20'000'000u, 400'000'000u));
  EXPECT_EQ(read.timeline->behaviour, Behaviour::stall);
  EXPECT_THAT(read.timeline->idle_nodes, ElementsAre("n002"));
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentTimeline, a_document_older_than_the_fields_is_a_completed_run_without_timeline) {
  json document = jacobi_example();
  document["run"].erase("outcome");
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.run.outcome, RunOutcome::completed);
  EXPECT_FALSE(read.run.hang.has_value());
  EXPECT_FALSE(read.timeline.has_value());
}

TEST(DocumentTimeline, outcome_and_hang_must_agree) {
  json hung_without_place = hung_jacobi();
  hung_without_place["run"].erase("hang");
  EXPECT_THAT(problems_of(hung_without_place),
              ElementsAre("run.json: /run: a hung run must say where it hung (\"hang\")"));
  json completed_with_place = hung_jacobi();
  completed_with_place["run"]["outcome"] = "completed";
  EXPECT_THAT(problems_of(completed_with_place),
              ElementsAre("run.json: /run/hang: only a hung run says where it hung"));
  json unknown = hung_jacobi();
  unknown["run"]["outcome"] = "crashed";
  EXPECT_THAT(problems_of(unknown), ElementsAre(HasSubstr("/run/outcome: expected \"completed\" or \"hung\"")));
}

TEST(DocumentTimeline, every_state_has_one_value_per_bucket) {
  json short_array = hung_jacobi();
  short_array["timeline"]["offload_ns"] = {0, 0};
  EXPECT_THAT(problems_of(short_array), ElementsAre("run.json: /timeline/offload_ns: has 2 buckets, useful_ns has 3"));
  json negative = hung_jacobi();
  negative["timeline"]["mpi_ns"][1] = -5;
  EXPECT_THAT(problems_of(negative), ElementsAre(HasSubstr("/timeline/mpi_ns/1: expected a non-negative integer")));
  json zero_width = hung_jacobi();
  zero_width["timeline"]["bucket_ns"] = 0;
  EXPECT_THAT(problems_of(zero_width), ElementsAre("run.json: /timeline/bucket_ns: must be positive"));
  json unknown = hung_jacobi();
  unknown["timeline"]["behaviour"] = "flat";
  EXPECT_THAT(problems_of(unknown), ElementsAre(HasSubstr("/timeline/behaviour: expected \"stable\"")));
}

} // namespace
} // namespace tally::model
