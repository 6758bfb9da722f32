// SPDX-License-Identifier: BSD-3-Clause
// Reading and writing run documents: the examples round-trip unchanged, and each broken document
// is refused with one `file: /json/pointer: what is wrong` line per problem.
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>

namespace tally::model {
namespace {

using example_runs::example_paths;
using example_runs::jacobi_example;
using example_runs::problem_lines;
using example_runs::problems_of;
using example_runs::read_json;
using example_runs::read_text;
using nlohmann::json;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

std::vector<std::string> problems_of_text(std::string_view text) {
  return problem_lines(parse_run_document(text, "run.json"));
}

TEST(DocumentIo, examples_round_trip_unchanged) {
  ASSERT_EQ(example_paths().size(), 3u);
  for (const auto& path : example_paths()) {
    const std::string original = read_text(path);
    const ReadResult first = parse_run_document(original, path.string());
    ASSERT_TRUE(std::holds_alternative<RunDocument>(first)) << ::testing::PrintToString(problem_lines(first));
    const std::string written = write_run_document(std::get<RunDocument>(first));
    EXPECT_EQ(json::parse(written), json::parse(original)) << path;
    const ReadResult second = parse_run_document(written, path.string());
    ASSERT_TRUE(std::holds_alternative<RunDocument>(second)) << path;
    EXPECT_EQ(std::get<RunDocument>(second), std::get<RunDocument>(first)) << path;
  }
}

TEST(DocumentIo, examples_store_the_metrics_the_model_computes) {
  for (const auto& path : example_paths()) {
    std::ifstream in(path);
    const json stored = json::parse(in);
    // The writer stores each region's metrics as computed from its raw aggregates.
    const json recomputed = json::parse(write_run_document(std::get<RunDocument>(load_run_document(path))));
    ASSERT_EQ(stored["regions"].size(), recomputed["regions"].size()) << path;
    for (std::size_t i = 0; i < stored["regions"].size(); ++i) {
      EXPECT_EQ(stored["regions"][i]["metrics"], recomputed["regions"][i]["metrics"])
          << path << " region " << stored["regions"][i]["name"] << ": regenerate with examples/runs/generate.py";
    }
  }
}

TEST(DocumentIo, writer_puts_keys_in_schema_order_and_optional_sections_only_when_present) {
  auto jacobi = std::get<RunDocument>(read_run_document(jacobi_example(), "run.json"));
  const auto complete = to_json(jacobi);
  std::vector<std::string> keys;
  for (const auto& [key, value] : complete.items())
    keys.push_back(key);
  EXPECT_THAT(keys, ElementsAre("schema", "tally_version", "run", "source", "resources", "environment", "regions"));

  jacobi.source.reset();
  jacobi.regions[0].raw.counters.reset();
  const auto written = to_json(jacobi);
  EXPECT_FALSE(written.contains("source"));
  EXPECT_FALSE(written["regions"][0]["raw"].contains("counters"));
  EXPECT_FALSE(written["regions"][0]["raw"].contains("offload_ns"));
  EXPECT_TRUE(written["regions"][0].contains("per_rank"));
  EXPECT_EQ(written["schema"], "tally.run/8");
}

TEST(DocumentIo, writer_survives_strings_that_are_not_utf8) {
  // argv and region names come from the measured program and may be Latin-1 file names.
  auto document = std::get<RunDocument>(read_run_document(jacobi_example(), "run.json"));
  document.run.command_line.push_back("caf\xe9.dat");
  std::string written;
  ASSERT_NO_THROW(written = write_run_document(document));
  EXPECT_TRUE(std::holds_alternative<RunDocument>(parse_run_document(written, "run.json")));
}

TEST(DocumentIo, a_run_written_with_zero_gpus_reads_as_many_as_its_regions_measured) {
  // The example's regions measured 2 devices each; profilers before resources.gpus was filled in
  // wrote 0: read so, the run stays in the configuration of its newer runs (2 GPUs).
  json document = read_json(std::filesystem::path(TALLY_EXAMPLES_DIR) / "cuda_2ranks_2gpus.json");
  document["resources"]["gpus"] = 0;
  const ReadResult result = parse_run_document(document.dump(), "run.json");
  ASSERT_TRUE(std::holds_alternative<RunDocument>(result)) << problem_lines(result).front();
  EXPECT_EQ(std::get<RunDocument>(result).resources.gpus, 2u);
}

TEST(DocumentIo, missing_field_is_named_by_its_pointer) {
  json document = jacobi_example();
  document["regions"][0]["raw"].erase("useful_ns");
  EXPECT_THAT(problems_of(document), ElementsAre("run.json: /regions/0/raw/useful_ns: missing required field"));
}

TEST(DocumentIo, wrong_type_names_the_expected_and_the_found_type) {
  json document = jacobi_example();
  document["resources"]["ranks"] = "4";
  document["environment"]["counters_available"] = 1;
  document["run"]["command_line"][1] = json::array();
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /run/command_line/1: expected a string, got an array",
                          "run.json: /resources/ranks: expected a non-negative integer, got a string",
                          "run.json: /environment/counters_available: expected true or false, got an integer"));
}

TEST(DocumentIo, negative_count_is_refused_showing_its_value) {
  json document = jacobi_example();
  document["regions"][2]["per_rank"][3]["mpi_ns"] = -25;
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/2/per_rank/3/mpi_ns: expected a non-negative integer, got -25"));
}

TEST(DocumentIo, count_built_as_a_signed_integer_is_accepted) {
  // nlohmann::json stores `= 4` as a signed integer; parsed text "4" is unsigned. Both are counts.
  json document = jacobi_example();
  document["regions"][1]["visits"] = 400;
  document["resources"]["gpus"] = 0;
  EXPECT_THAT(problems_of(document), ::testing::IsEmpty());
}

TEST(DocumentIo, count_with_a_fraction_is_refused) {
  json document = jacobi_example();
  document["regions"][1]["visits"] = 400.0;
  EXPECT_THAT(
      problems_of(document),
      ElementsAre("run.json: /regions/1/visits: expected a non-negative integer, got a number with a fraction"));
}

TEST(DocumentIo, unknown_field_is_refused) {
  json document = jacobi_example();
  document["regions"][0]["raw"]["useful_time"] = 1;
  document["run"]["user"] = "ci";
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /run/user: unknown field", "run.json: /regions/0/raw/useful_time: unknown field"));
}

TEST(DocumentIo, truncated_file_is_not_valid_json) {
  const std::string text = read_text(example_paths().front());
  const auto lines = problems_of_text(text.substr(0, text.size() / 2));
  ASSERT_THAT(lines, ElementsAre(StartsWith("run.json: /: not valid JSON: ")));
  EXPECT_THAT(lines[0], Not(HasSubstr("[json.exception")));
}

TEST(DocumentIo, number_overflow_is_a_problem_not_an_exception) {
  std::string text = read_text(example_paths().front());
  text.replace(text.find("\"elapsed_ns\": "), 14, "\"elapsed_ns\": 1e999, \"x\": ");
  std::vector<std::string> lines;
  ASSERT_NO_THROW(lines = problems_of_text(text));
  EXPECT_THAT(lines, ElementsAre(AllOf(StartsWith("run.json: /: "), HasSubstr("1e999"))));
}

TEST(DocumentIo, newer_schema_is_refused_naming_both_versions) {
  json document = jacobi_example();
  document["schema"] = "tally.run/9";
  document["section_of_version_3"] = json::object(); // not judged: version 2 cannot know it
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /schema: document has schema tally.run/9, newer than tally.run/8 which this "
                          "tally reads; upgrade tally"));
}

TEST(DocumentIo, foreign_schema_string_is_refused) {
  for (const char* schema : {"talp/1", "tally.gate/1", "tally.run/", "tally.run/one", "tally.run/0", "tally.run/1.0"}) {
    json document = jacobi_example();
    document["schema"] = schema;
    EXPECT_THAT(problems_of(document), ElementsAre("run.json: /schema: \"" + std::string(schema) +
                                                   "\" is not a tally run schema (expected tally.run/8)"));
  }
}

TEST(DocumentIo, schema_must_be_a_string_and_present) {
  json document = jacobi_example();
  document["schema"] = 1;
  EXPECT_THAT(problems_of(document), ElementsAre("run.json: /schema: expected a string, got an integer"));
  document.erase("schema");
  EXPECT_THAT(problems_of(document), ElementsAre("run.json: /schema: missing required field"));
}

TEST(DocumentIo, dlb_talp_document_is_recognised) {
  const json talp = {{"dlbVersion", "3.7.0+63-9d67"},
                     {"timestamp", "2026-11-21T23:52:18"},
                     {"resources", {{"numCpus", 2}, {"numNodes", 1}, {"numMpiRanks", 2}}},
                     {"Application", {{"Global", {{"elapsedTime", 655223241}, {"usefulTime", 991281950}}}}}};
  EXPECT_THAT(problems_of(talp), ElementsAre("run.json: /: this is a DLB TALP document, not a tally run document; "
                                             "convert it with `tally import`"));
}

TEST(DocumentIo, document_that_is_not_an_object_is_refused) {
  EXPECT_THAT(problems_of_text("[1, 2]"), ElementsAre("run.json: /: expected an object, got an array"));
  EXPECT_THAT(problems_of_text(""), ElementsAre(StartsWith("run.json: /: not valid JSON: ")));
}

TEST(DocumentIo, duplicate_region_names_are_refused) {
  json document = jacobi_example();
  document["regions"][2]["name"] = "halo_exchange";
  EXPECT_THAT(problems_of(document), ElementsAre("run.json: /regions/2/name: region \"halo_exchange\" appears twice"));
}

TEST(DocumentIo, empty_names_and_ids_are_refused) {
  json document = jacobi_example();
  document["regions"][1]["name"] = "";
  document["run"]["id"] = "";
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /run/id: must not be empty", "run.json: /regions/1/name: must not be empty"));
}

TEST(DocumentIo, unknown_or_cross_run_metric_key_is_refused) {
  json document = jacobi_example();
  document["regions"][1]["metrics"]["efficiency"] = 0.5;
  document["regions"][1]["metrics"]["global_efficiency"] = 0.5;
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/1/metrics/efficiency: unknown metric",
                          "run.json: /regions/1/metrics/global_efficiency: needs a reference run and is not stored "
                          "in a run document"));
}

TEST(DocumentIo, non_finite_or_non_numeric_metric_is_refused) {
  json document = jacobi_example();
  auto& metrics = document["regions"][0]["metrics"];
  metrics["useful_ipc"] = std::numeric_limits<double>::infinity();
  metrics["useful_frequency_ghz"] = std::nan("");
  metrics["mpi_load_balance"] = "0.9";
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/0/metrics/mpi_load_balance: expected a finite number, got a string",
                          StartsWith("run.json: /regions/0/metrics/useful_frequency_ghz: expected a finite number"),
                          StartsWith("run.json: /regions/0/metrics/useful_ipc: expected a finite number")));
}

TEST(DocumentIo, time_that_is_not_utc_iso8601_is_refused_with_an_example) {
  json document = jacobi_example();
  document["run"]["start_time"] = "2026-11-22 00:52:09";
  document["source"]["commit_time"] = "2026-11-21T17:03:44+01:00";
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /run/start_time: expected a UTC time like 2026-11-22T00:52:09Z, got "
                          "\"2026-11-22 00:52:09\"",
                          "run.json: /source/commit_time: expected a UTC time like 2026-11-22T00:52:09Z, got "
                          "\"2026-11-21T17:03:44+01:00\""));
}

TEST(DocumentIo, scaling_other_than_strong_or_weak_is_refused) {
  json document = jacobi_example();
  document["run"]["scaling"] = "linear";
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /run/scaling: expected \"strong\" or \"weak\", got \"linear\""));
}

TEST(DocumentIo, limits_between_fields_are_checked) {
  json document = jacobi_example();
  auto& raw = document["regions"][1]["raw"];
  raw["threads_per_process"] = 0u;
  raw["nodes"] = 5u;
  raw["busiest_node_processes"] = 5u;
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/1/raw/threads_per_process: must be at least 1",
                          "run.json: /regions/1/raw/busiest_node_processes: larger than processes",
                          "run.json: /regions/1/raw/nodes: larger than processes"));

  json cuda = example_runs::read_json(std::filesystem::path(TALLY_EXAMPLES_DIR) / "cuda_2ranks_2gpus.json");
  cuda["regions"][1]["raw"]["device"]["kernel_max_ns"] = 2'000'000'000'000u;
  EXPECT_THAT(problems_of(cuda), ElementsAre("run.json: /regions/1/raw/device/kernel_max_ns: larger than "
                                             "active_max_ns (kernel time is part of active time)"));
}

TEST(DocumentIo, every_problem_is_reported_not_only_the_first) {
  json document = jacobi_example();
  document.erase("environment");
  document["regions"][0].erase("visits");
  document["regions"][2]["raw"]["mpi_ns"] = true;
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /environment: missing required field",
                          "run.json: /regions/0/visits: missing required field",
                          "run.json: /regions/2/raw/mpi_ns: expected a non-negative integer, got a boolean"));
}

TEST(DocumentIo, unreadable_file_is_reported_with_its_path) {
  const auto missing = std::filesystem::path(TALLY_EXAMPLES_DIR) / "no_such_run.json";
  EXPECT_THAT(problem_lines(load_run_document(missing)), ElementsAre(missing.string() + ": /: cannot open file"));
}

} // namespace
} // namespace tally::model
