// SPDX-License-Identifier: BSD-3-Clause
// What tally.run/4 adds to the document: `resources.cpu_frequency_khz`, the CPU frequency the run
// was asked to run at. Written and read back unchanged; absent when not said (as in a version 3
// document: document_migration_test.cpp); each broken value refused with its pointer (as
// check_schema.py's variants are by the schema).
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

TEST(DocumentFrequency, the_cpu_frequency_round_trips) {
  json document = jacobi_example();
  document["resources"]["cpu_frequency_khz"] = 2'400'000;
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.resources.cpu_frequency_khz, 2'400'000u);
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentFrequency, a_run_without_a_frequency_reads_as_none_and_is_written_without_the_key) {
  const RunDocument read = std::get<RunDocument>(read_run_document(jacobi_example(), "run.json"));
  EXPECT_FALSE(read.resources.cpu_frequency_khz.has_value());
  EXPECT_FALSE(json::parse(write_run_document(read))["resources"].contains("cpu_frequency_khz"));
}

TEST(DocumentFrequency, a_frequency_of_zero_or_with_a_unit_is_refused_with_its_pointer) {
  json zero = jacobi_example();
  zero["resources"]["cpu_frequency_khz"] = 0;
  EXPECT_THAT(problems_of(zero), ElementsAre("run.json: /resources/cpu_frequency_khz: must be at least 1 (kHz)"));
  json with_unit = jacobi_example();
  with_unit["resources"]["cpu_frequency_khz"] = "2.4GHz";
  EXPECT_THAT(problems_of(with_unit),
              ElementsAre("run.json: /resources/cpu_frequency_khz: expected a non-negative integer, got a string"));
}

} // namespace
} // namespace tally::model
