// SPDX-License-Identifier: BSD-3-Clause
// The streaming reader keeps what the importer reads as a parsed tree would hold it: the last of
// two members of one name, the type of a value nested where a number belongs, nothing of what the
// importer skips, and the model's limit on nesting.
#include "talp_test_support.hpp"

#include <gmock/gmock.h>

#include <string>

namespace tally::analysis::ingest::talp::test {
namespace {

using ::testing::ElementsAre;

/// The members of the region record of talp_text but its useful time: 2 processes on 1 node.
const std::string region_members = R"("numCpus": 2, "numMpiRanks": 2, "numNodes": 1, "elapsedTime": 1000,
          "mpiTime": 400, "ompLoadImbalanceTime": 0, "ompSchedulingTime": 0, "ompSerializationTime": 0,
          "minMpiNormdProc": 100, "minMpiNormdNode": 200, )";

/// A DLB 3.7 document of one region, 2 processes on 1 node, with `global` inside the region's
/// record and `extra` as more members of the whole document.
std::string talp_text(const std::string& global, const std::string& extra = "") {
  return R"({"dlbVersion": "3.7.0", "timestamp": "2026-11-21T23:52:18", )" + extra + R"("Application": {"Global": {)" +
         region_members + global + "}}}";
}

model::ReadResult import_text(const std::string& text) {
  std::optional<model::ReadResult> result = import_talp(text, "talp.json", {});
  if (!result) {
    ADD_FAILURE() << "not read as a TALP document";
    return model::Problems{};
  }
  return std::move(*result);
}

std::vector<std::string> problems_of(const std::string& text) {
  const model::ReadResult result = import_text(text);
  std::vector<std::string> out;
  if (const auto* problems = std::get_if<model::Problems>(&result)) {
    for (const model::Problem& problem : *problems)
      out.push_back(model::to_string(problem));
  }
  return out;
}

std::uint64_t global_useful_ns(const std::string& text) {
  const model::ReadResult result = import_text(text);
  if (const auto* document = std::get_if<model::RunDocument>(&result)) return region(*document, "Global").raw.useful_ns;
  ADD_FAILURE() << "the import failed";
  return 0;
}

TEST(TalpStreaming, the_last_of_two_members_of_one_name_counts) {
  EXPECT_EQ(global_useful_ns(talp_text(R"("usefulTime": 1, "usefulTime": 1200)")), 1200u);
}

TEST(TalpStreaming, a_region_given_twice_is_read_from_its_last_record_alone) {
  // The first Global counted instructions and cycles; the second, which replaces it whole, did not:
  // no counters, and the second's useful time.
  const model::ReadResult result = import_text(talp_text(R"("usefulTime": 1, "instructions": 3000, "cycles": 2000},
      "Global": {)" + region_members + R"("usefulTime": 1200)"));
  const auto* document = std::get_if<model::RunDocument>(&result);
  ASSERT_NE(document, nullptr);
  EXPECT_EQ(region(*document, "Global").raw.useful_ns, 1200u);
  EXPECT_FALSE(region(*document, "Global").raw.counters.has_value());
}

TEST(TalpStreaming, members_the_importer_does_not_read_are_skipped_however_nested) {
  const std::string nested = R"("efficiency": {"deep": [[1, {"a": []}], "x"]}, "usefulTime": 1200, "note": "n")";
  EXPECT_EQ(global_useful_ns(talp_text(nested, R"("unknownSection": [{"usefulTime": 5}, [[]]], )")), 1200u);
}

TEST(TalpStreaming, a_value_nested_where_a_number_belongs_is_named_by_its_type) {
  EXPECT_THAT(problems_of(talp_text(R"("usefulTime": {"value": 1200})")),
              ElementsAre("talp.json: /Application/Global/usefulTime: expected a non-negative integer, got an object"));
  EXPECT_THAT(problems_of(talp_text(R"("usefulTime": [1200])")),
              ElementsAre("talp.json: /Application/Global/usefulTime: expected a non-negative integer, got an array"));
}

TEST(TalpStreaming, nesting_beyond_the_models_limit_is_refused_with_its_message) {
  // 64 levels are read (the document and the record are 3 of them); 65 are not.
  const auto nested = [](int levels) {
    return R"("usefulTime": 1200, "deep": )" + std::string(levels, '[') + std::string(levels, ']');
  };
  EXPECT_EQ(global_useful_ns(talp_text(nested(61))), 1200u);
  EXPECT_THAT(problems_of(talp_text(nested(62))),
              ElementsAre("talp.json: /: arrays and objects nested deeper than 64 levels; not read"));
}

} // namespace
} // namespace tally::analysis::ingest::talp::test
