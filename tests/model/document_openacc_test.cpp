// SPDX-License-Identifier: BSD-3-Clause
// What tally.run/7 adds to the document: a region's `raw.openacc`, the OpenACC constructs by kind,
// those run on the host and what they enqueued. Written and read back unchanged; absent in a
// version 6 document; each broken value refused with its pointer (as check_schema.py's variants
// are by the schema).
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/region_fold.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tally::model {
namespace {

using example_runs::jacobi_example;
using example_runs::problems_of;
using nlohmann::json;
using ::testing::ElementsAre;

/// 4 compute constructs, a data region (one enter, one exit) and an enter and exit data directive,
/// one update, no wait: 9 constructs, all run on the host, which enqueues nothing.
const json host_constructs = {
    {"constructs", {{"compute", 4}, {"enter_data", 2}, {"exit_data", 2}, {"update", 1}, {"wait", 0}}},
    {"constructs_on_host", 9},
    {"enqueues", {{"launch", 0}, {"upload", 0}, {"download", 0}}}};

json with_openacc(const json& openacc) {
  json document = jacobi_example();
  document["regions"][0]["raw"]["openacc"] = openacc;
  return document;
}

TEST(DocumentOpenAcc, constructs_run_on_the_host_round_trip) {
  const json document = with_openacc(host_constructs);
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.regions[0].raw.openacc, (OpenAccRaw{{4, 2, 2, 1, 0}, 9, {0, 0, 0}}));
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentOpenAcc, a_version_6_document_has_no_openacc_and_is_written_as_the_current_version) {
  json document = jacobi_example();
  document["schema"] = "tally.run/6";
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_FALSE(read.regions[0].raw.openacc.has_value());
  const json written = json::parse(write_run_document(read));
  EXPECT_EQ(written["schema"], "tally.run/8");
  EXPECT_FALSE(written["regions"][0]["raw"].contains("openacc"));
}

TEST(DocumentOpenAcc, more_constructs_on_the_host_than_constructs_and_unknown_kinds_are_refused_with_their_pointers) {
  json openacc = host_constructs;
  openacc["constructs_on_host"] = 10;
  openacc["constructs"]["loop"] = 1;
  openacc["enqueues"].erase("download");
  EXPECT_THAT(problems_of(with_openacc(openacc)),
              ElementsAre("run.json: /regions/0/raw/openacc/constructs/loop: unknown kind of OpenACC construct",
                          "run.json: /regions/0/raw/openacc/enqueues/download: missing required field",
                          "run.json: /regions/0/raw/openacc/constructs_on_host: larger than the constructs of every "
                          "kind together"));
}

/// The fold reports the group only when OpenACC was measured, with its time as offload time.
TEST(DocumentOpenAcc, the_fold_writes_openacc_and_offload_time_only_when_measured) {
  ProcessRecord process{.visits = 1, .elapsed_ns = 100, .useful_ns = 60, .offload_ns = 40};
  process.counts[count_slot::openacc_constructs + 0] = 3; // compute
  process.counts[count_slot::openacc_constructs + 3] = 1; // update
  process.counts[count_slot::openacc_constructs_on_host] = 4;
  RegionFold fold;
  fold.add(process);
  fold.add(process);
  const RegionRaw measured = fold.finish({.openacc = true});
  EXPECT_EQ(measured.offload_ns, 80u);
  EXPECT_EQ(measured.openacc, (OpenAccRaw{{6, 0, 0, 2, 0}, 8, {0, 0, 0}}));
  EXPECT_FALSE(measured.device_counts.has_value()) << "OpenACC alone says nothing of CUDA";
  const RegionRaw not_measured = fold.finish({});
  EXPECT_FALSE(not_measured.offload_ns.has_value());
  EXPECT_FALSE(not_measured.openacc.has_value());
}

} // namespace
} // namespace tally::model
