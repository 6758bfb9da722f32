// SPDX-License-Identifier: BSD-3-Clause
// What tally.run/6 adds to the document: `run.job`, the Slurm job a run ran in. Written and read
// back unchanged, with every field or the id alone; absent outside a job (as in a version 5
// document); each broken value refused with its pointer (as check_schema.py's variants are by the
// schema).
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

json in_job(const json& job) {
  json document = jacobi_example();
  document["run"]["job"] = job;
  return document;
}

TEST(DocumentJob, a_step_of_a_slurm_job_round_trips) {
  const json document = in_job({{"scheduler", "slurm"},
                                {"id", "4242"},
                                {"step", "0"},
                                {"partition", "debug"},
                                {"node_list", "n[1-4]"},
                                {"end_time", "2026-11-28T10:00:00Z"}});
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.run.job, (BatchJob{"slurm", "4242", "0", "debug", "n[1-4]", "2026-11-28T10:00:00Z"}));
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentJob, a_job_with_its_id_alone_is_written_without_the_other_keys) {
  const json document = in_job({{"scheduler", "slurm"}, {"id", "7"}});
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.run.job, (BatchJob{"slurm", "7", std::nullopt, std::nullopt, std::nullopt, std::nullopt}));
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentJob, a_version_5_document_has_no_job_and_is_written_as_the_current_version) {
  json document = jacobi_example();
  document["schema"] = "tally.run/5";
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_FALSE(read.run.job.has_value());
  const json written = json::parse(write_run_document(read));
  EXPECT_EQ(written["schema"], "tally.run/8");
  EXPECT_FALSE(written["run"].contains("job"));
}

TEST(DocumentJob, another_scheduler_an_empty_id_and_an_end_time_that_is_no_time_are_refused_with_their_pointers) {
  EXPECT_THAT(problems_of(in_job({{"scheduler", "pbs"}, {"id", ""}, {"end_time", "tomorrow"}})),
              ElementsAre("run.json: /run/job/scheduler: expected \"slurm\", got \"pbs\"",
                          "run.json: /run/job/id: must not be empty",
                          ::testing::StartsWith("run.json: /run/job/end_time: ")));
}

TEST(DocumentJob, a_missing_id_and_an_unknown_key_are_refused_with_their_pointers) {
  EXPECT_THAT(
      problems_of(in_job({{"scheduler", "slurm"}, {"account", "a"}})),
      ElementsAre("run.json: /run/job/account: unknown field", "run.json: /run/job/id: missing required field"));
}

} // namespace
} // namespace tally::model
