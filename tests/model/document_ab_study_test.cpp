// SPDX-License-Identifier: BSD-3-Clause
// What tally.run/5 added to the document: `run.ab_study`, a run's place in an A/B study. Written
// and read back unchanged; absent outside a study (as in a version 4 document:
// document_migration_test.cpp); each broken value refused with its pointer (as check_schema.py's
// variants are by the schema).
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

json in_study(const json& ab_study) {
  json document = jacobi_example();
  document["run"]["ab_study"] = ab_study;
  return document;
}

TEST(DocumentAbStudy, a_candidate_run_round_trips) {
  const json document = in_study({{"id", "20261127T093833Z-ci-7-4242"}, {"side", "candidate"}, {"pair", 3}});
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.run.ab_study, (AbStudyRun{"20261127T093833Z-ci-7-4242", AbSide::candidate, 3}));
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentAbStudy, a_run_outside_a_study_has_none_and_is_written_without_the_key) {
  const RunDocument read = std::get<RunDocument>(read_run_document(jacobi_example(), "run.json"));
  EXPECT_FALSE(read.run.ab_study.has_value());
  EXPECT_FALSE(json::parse(write_run_document(read))["run"].contains("ab_study"));
}

TEST(DocumentAbStudy, an_unknown_side_a_pair_of_zero_and_an_empty_id_are_refused_with_their_pointers) {
  EXPECT_THAT(problems_of(in_study({{"id", ""}, {"side", "a"}, {"pair", 0}})),
              ElementsAre("run.json: /run/ab_study/id: must not be empty",
                          "run.json: /run/ab_study/side: expected \"baseline\" or \"candidate\", got \"a\"",
                          "run.json: /run/ab_study/pair: must be at least 1"));
}

TEST(DocumentAbStudy, a_missing_pair_and_an_unknown_key_are_refused_with_their_pointers) {
  EXPECT_THAT(problems_of(in_study({{"id", "s"}, {"side", "baseline"}, {"commit", "abc"}})),
              ElementsAre("run.json: /run/ab_study/commit: unknown field",
                          "run.json: /run/ab_study/pair: missing required field"));
}

} // namespace
} // namespace tally::model
