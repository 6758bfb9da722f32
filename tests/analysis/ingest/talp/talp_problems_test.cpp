// SPDX-License-Identifier: BSD-3-Clause
// Broken TALP files give pointed problems (`file: /json/pointer: message`, all at once), the
// talp-pages metadata block becomes the document's source, and estimates stay consistent.
#include "talp_test_support.hpp"

#include <gmock/gmock.h>

namespace tally::analysis::ingest::talp::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

nlohmann::json global_fixture() { return load_json(fixtures + "/talp_mpi2_global.json"); }

TEST(TalpProblems, missing_time_names_file_and_pointer) {
  nlohmann::json talp = global_fixture();
  talp["Application"]["Global"].erase("usefulTime");
  EXPECT_THAT(import_problems(talp, "runs/a.json"),
              ElementsAre("runs/a.json: /Application/Global/usefulTime: missing required field"));
}

TEST(TalpProblems, every_problem_is_reported_at_once) {
  nlohmann::json talp = global_fixture();
  talp["Application"]["Global"]["elapsedTime"] = "655223241";
  talp["Application"]["Global"]["mpiTime"] = -5;
  talp["timestamp"] = "yesterday";
  EXPECT_THAT(import_problems(talp),
              ElementsAre("talp.json: /timestamp: expected a time like 2026-11-21T23:52:18, got \"yesterday\"",
                          "talp.json: /Application/Global/elapsedTime: expected a non-negative integer, got a string",
                          "talp.json: /Application/Global/mpiTime: expected a non-negative integer, got -5"));
}

TEST(TalpProblems, versions_before_3_4_are_refused_by_name) {
  nlohmann::json talp = global_fixture();
  talp["dlbVersion"] = "3.3.1";
  EXPECT_THAT(import_problems(talp),
              ElementsAre("talp.json: /dlbVersion: DLB 3.3.1 is older than 3.4, the first DLB whose TALP files tally "
                          "imports"));
  talp["dlbVersion"] = "three";
  EXPECT_THAT(import_problems(talp),
              ElementsAre("talp.json: /dlbVersion: expected a DLB version like 3.7.0, got \"three\""));
}

TEST(TalpProblems, dlb_3_4_file_without_raw_times_says_how_to_get_them) {
  nlohmann::json talp = load_json(test_files + "/dlb_3_4_pop_raw.json");
  talp.erase("popRaw");
  const auto problems = import_problems(talp);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_THAT(problems[0], HasSubstr("talp.json: /popRaw: missing required field;"));
  EXPECT_THAT(problems[0], HasSubstr("--talp-summary=pop-metrics:pop-raw"));
}

TEST(TalpProblems, wrong_shapes_are_pointed_at) {
  nlohmann::json talp = load_json(fixtures + "/talp_mpi2_regions_pop_process_node.json");
  talp["Process"]["comm"][1]["usefulTime"] = "23780";
  EXPECT_THAT(import_problems(talp),
              ElementsAre("talp.json: /Process/comm/1/usefulTime: expected a non-negative integer, got a string"));
  talp = global_fixture();
  talp["Application"] = nlohmann::json::array();
  EXPECT_THAT(import_problems(talp), ElementsAre("talp.json: /Application: expected an object, got an array"));
  talp.erase("Application");
  EXPECT_THAT(import_problems(talp), ElementsAre("talp.json: /Application: missing required field"));
}

TEST(TalpProblems, impossible_resources_and_device_times_are_refused) {
  nlohmann::json talp = global_fixture();
  talp["Application"]["Global"]["numNodes"] = 3;
  EXPECT_THAT(import_problems(talp),
              ElementsAre("talp.json: /Application/Global/numNodes: larger than the number of processes"));
  talp = load_json(test_files + "/dlb_3_6_gpus.json");
  talp["Application"]["Global"]["maxGpuUsefulTime"] = 900000000;
  EXPECT_THAT(import_problems(talp), ElementsAre("talp.json: /Application/Global/maxGpuUsefulTime: larger than "
                                                 "maxGpuActiveTime (kernel time is part of active time)"));
}

TEST(TalpMetadata, talp_pages_metadata_becomes_the_source) {
  const model::RunDocument document = import_ok(load_json(test_files + "/talp_pages_history_3_7.json"));
  ASSERT_TRUE(document.source);
  model::SourceInfo expected;
  expected.commit = "9c1e5d0a7b3f42c8e6d1a0b9f8e7d6c5b4a39281";
  expected.branch = "feature/halo-exchange";
  expected.commit_time = "2026-11-21T18:04:11Z"; // written without a zone by talp-pages: taken as UTC
  expected.is_merge_request = true;
  expected.default_branch = "main";
  EXPECT_EQ(*document.source, expected);
  EXPECT_TRUE(reads_back(document));
}

TEST(TalpMetadata, commit_time_with_an_offset_is_converted_and_null_is_absent) {
  nlohmann::json talp = load_json(test_files + "/talp_pages_history_3_7.json");
  talp["metadata"]["gitTimestamp"] = "2024-09-02T14:11:24+02:00";
  EXPECT_EQ(import_ok(talp).source->commit_time, "2024-09-02T12:11:24Z");
  talp["metadata"]["gitTimestamp"] = nullptr;
  EXPECT_FALSE(import_ok(talp).source->commit_time);
}

TEST(TalpMetadata, talp_pages_placeholders_mean_unknown) {
  nlohmann::json talp = load_json(test_files + "/talp_pages_history_3_7.json");
  talp["metadata"]["defaultGitBranch"] = "GitHub doenst expose the default branch via ENV";
  EXPECT_FALSE(import_ok(talp).source->default_branch);
  talp["metadata"]["gitCommit"] = "unkown commit";
  EXPECT_FALSE(import_ok(talp).source) << "a run of an unknown commit cannot be placed in a history";
}

TEST(TalpMetadata, wrong_types_in_metadata_are_problems) {
  nlohmann::json talp = load_json(test_files + "/talp_pages_history_3_7.json");
  talp["metadata"]["isMergeRequest"] = "yes";
  talp["metadata"].erase("gitBranch");
  EXPECT_THAT(import_problems(talp), ElementsAre("talp.json: /metadata/gitBranch: missing required field",
                                                 "talp.json: /metadata/isMergeRequest: expected true or false, got "
                                                 "a string"));
}

// Without per-process records, the oversubscribed run's estimate elapsed - minMpiNormdProc falls
// below the average outside-MPI time; max C is raised to the average (load balance 1), since no
// process can be below the average of all.
TEST(TalpEstimates, estimated_maximum_is_never_below_the_average) {
  nlohmann::json talp = load_json(fixtures + "/talp_hybrid_mpi2_omp2_oversubscribed.json");
  talp.erase("Process");
  const model::Region global = region(import_ok(talp), "Global");
  EXPECT_EQ(global.raw.outside_mpi_max_ns, 624205358u); // ceil((U + L + S + Z) / 4)
  EXPECT_NEAR(metric(global, model::MetricId::mpi_load_balance), 1.0, 1e-8);
  EXPECT_LE(metric(global, model::MetricId::mpi_load_balance_in), 1.0);
}

TEST(TalpEstimates, summary_alone_gives_talps_complement_of_the_smallest_mpi_time) {
  nlohmann::json talp = load_json(fixtures + "/talp_mpi2_regions_pop_process_node.json");
  talp.erase("Process");
  const model::RunDocument document = import_ok(talp);
  EXPECT_EQ(region(document, "Global").raw.outside_mpi_max_ns, 674176580u - 360110u);
  // Equal to TALP's view: rank 1 counted as busy for the whole region, though it spent 0.26 ms in it.
  EXPECT_EQ(region(document, "comm").raw.outside_mpi_max_ns, 344705470u - 232180u);
  EXPECT_EQ(region(document, "comm").raw.busiest_node_outside_mpi_ns, 46170u);
}

TEST(TalpDetection, documents_with_dlb_version_are_talp_documents) {
  EXPECT_TRUE(import_talp(global_fixture().dump(), "talp.json", {}));
  EXPECT_FALSE(import_talp(R"({"schema": "tally.run/1"})", "run.json", {}));
  EXPECT_FALSE(import_talp("[]", "run.json", {}));
  // The word elsewhere than as a member of the whole document does not make a TALP document.
  EXPECT_FALSE(
      import_talp(R"({"schema": "tally.run/1", "run": {"label": "dlbVersion", "dlbVersion": 1}})", "run.json", {}));
  EXPECT_FALSE(import_talp(R"(["dlbVersion"])", "run.json", {}));
}

TEST(TalpDetection, a_talp_document_that_is_no_json_says_so) {
  const auto result = import_talp(R"({"dlbVersion": "3.7.0", )", "broken.json", {});
  ASSERT_TRUE(result);
  const auto* problems = std::get_if<model::Problems>(&*result);
  ASSERT_TRUE(problems && problems->size() == 1);
  EXPECT_THAT(model::to_string(problems->front()), HasSubstr("broken.json: /: not valid JSON: "));
}

} // namespace
} // namespace tally::analysis::ingest::talp::test
