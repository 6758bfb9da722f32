// SPDX-License-Identifier: BSD-3-Clause
// The migrations from tally.run/1 on every shipped example as version 1 wrote it
// (tests/model/data/run_v1, the examples/runs documents before the region tree and the counts):
// each reads, and reads as its version 2 twin without what version 2 added (the MPI and OpenMP
// counts), with every region but Global placed directly under Global. The later migrations change
// nothing: each version only added optional keys.
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

namespace tally::model {
namespace {

using example_runs::problem_lines;
using example_runs::read_json;
using nlohmann::json;
using ::testing::IsEmpty;

const std::filesystem::path examples = TALLY_EXAMPLES_DIR;

std::vector<std::filesystem::path> version_1_examples() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(TALLY_RUN_V1_EXAMPLES))
    out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

RunDocument read_ok(const json& document, const std::string& file) {
  const ReadResult result = read_run_document(document, file);
  EXPECT_THAT(problem_lines(result), IsEmpty()) << file;
  return std::holds_alternative<RunDocument>(result) ? std::get<RunDocument>(result) : RunDocument{};
}

TEST(DocumentMigration, every_shipped_version_1_example_reads_as_its_version_2_twin_without_counts) {
  const auto paths = version_1_examples();
  ASSERT_EQ(paths.size(), 3u);
  for (const auto& path : paths) {
    const json original = read_json(path);
    ASSERT_EQ(original["schema"], "tally.run/1") << path;
    const RunDocument migrated = read_ok(original, path.string());
    RunDocument twin = read_ok(read_json(examples / path.filename()), path.filename().string());
    for (Region& region : twin.regions) { // version 1 never counted
      region.raw.mpi.reset();
      region.raw.device_counts.reset();
      if (region.raw.openmp) region.raw.openmp->parallels = region.raw.openmp->tasks = std::nullopt;
    }
    EXPECT_EQ(migrated, twin) << path;
  }
}

TEST(DocumentMigration, version_1_regions_are_placed_directly_under_global) {
  for (const auto& path : version_1_examples()) {
    const RunDocument migrated = read_ok(read_json(path), path.string());
    for (const Region& region : migrated.regions) {
      EXPECT_EQ(region.parent, region.name == "Global" ? std::nullopt : std::optional<std::string>("Global"))
          << path << " " << region.name;
      EXPECT_THAT(region.other_parents, IsEmpty());
      EXPECT_FALSE(region.raw.mpi.has_value());
    }
    EXPECT_EQ(to_json(migrated)["schema"], "tally.run/8") << "a migrated document is written as version 8";
  }
}

TEST(DocumentMigration, version_1_document_without_global_gets_no_parents) {
  json document = read_json(version_1_examples().front());
  document["regions"].erase(0); // Global is the first region of every example
  ASSERT_NE(document["regions"][0]["name"], "Global");
  for (const Region& region : read_ok(document, "no_global.json").regions)
    EXPECT_FALSE(region.parent.has_value()) << region.name;
}

TEST(DocumentMigration, versions_2_to_4_read_as_the_current_version_unchanged) {
  // Versions 3, 4 and 5 only added optional keys, which an older document does not have.
  for (const char* version : {"tally.run/2", "tally.run/3", "tally.run/4"}) {
    json document = example_runs::jacobi_example();
    json expected = document;
    document["schema"] = version;
    EXPECT_EQ(json::parse(write_run_document(read_ok(document, "run.json"))), expected) << version;
  }
}

} // namespace
} // namespace tally::model
