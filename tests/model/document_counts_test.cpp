// SPDX-License-Identifier: BSD-3-Clause
// What tally.run/2 added to the document: the region tree (parent, other_parents), the MPI
// counts (raw.mpi) and the CUDA counts (raw.device). Written and read back unchanged; each
// inconsistency refused with its pointer.
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
using ::testing::IsEmpty;

/// The jacobi example with its regions nested: Global > halo_exchange > compute.
json nested_jacobi() {
  json document = jacobi_example();
  document["regions"][1]["parent"] = "Global";
  document["regions"][2]["parent"] = "halo_exchange";
  return document;
}

TEST(DocumentCounts, tree_and_counts_round_trip) {
  json document = nested_jacobi();
  document["regions"][2]["other_parents"] = json::array({"Global"});
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_FALSE(read.regions[0].parent.has_value());
  EXPECT_EQ(read.regions[2].parent, "halo_exchange");
  EXPECT_THAT(read.regions[2].other_parents, ElementsAre("Global"));
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentCounts, the_example_counts_read_as_the_generator_built_them) {
  // examples/runs/generate.py: 100 iterations; edge ranks 0 and 3 post 2 nonblocking calls and
  // one wait per iteration, ranks 1 and 2 four and one. halo_exchange: nonblocking 100 × (2+4+4+2)
  // = 1200, waits 4 × 100 = 400, calls 1600, the most of one rank 100 × 5 = 500; bytes sent
  // 100 × 65,536 × (1+2+2+1) = 39,321,600, and as many posted.
  const RunDocument read = std::get<RunDocument>(read_run_document(jacobi_example(), "run.json"));
  ASSERT_EQ(read.regions[1].name, "halo_exchange");
  const MpiRaw& halo = read.regions[1].raw.mpi.value();
  EXPECT_EQ(halo.calls, 1600u);
  EXPECT_EQ(halo.calls_max, 500u);
  ASSERT_TRUE(halo.calls_by_kind.has_value());
  EXPECT_EQ((*halo.calls_by_kind)[1], 1200u); // nonblocking_point_to_point
  EXPECT_EQ((*halo.calls_by_kind)[5], 400u);  // wait_test
  EXPECT_EQ(halo.bytes_sent, 39'321'600u);
  EXPECT_EQ(halo.bytes_received, 39'321'600u);
  EXPECT_EQ(halo.collective_bytes, 0u);
  // Global adds one Allreduce of 8 bytes per iteration and rank: 400 collectives, 3,200 bytes.
  const MpiRaw& global = read.regions[0].raw.mpi.value();
  EXPECT_EQ(global.calls, 1600u + 400u);
  EXPECT_EQ(global.collective_bytes, 3'200u);
}

TEST(DocumentCounts, calls_only_are_read_without_kinds_or_bytes) {
  // An imported DLB TALP run counts calls only.
  json document = jacobi_example();
  json& mpi = document["regions"][1]["raw"]["mpi"];
  for (const char* key : {"calls_by_kind", "bytes_sent", "bytes_received", "collective_bytes"})
    mpi.erase(key);
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  const MpiRaw& halo = read.regions[1].raw.mpi.value();
  EXPECT_EQ(halo.calls, 1600u);
  EXPECT_FALSE(halo.calls_by_kind.has_value());
  EXPECT_FALSE(halo.bytes_sent.has_value());
  EXPECT_EQ(to_json(read)["regions"][1]["raw"]["mpi"], (json{{"calls", 1600}, {"calls_max", 500}}));
}

TEST(DocumentCounts, calls_by_kind_must_add_up_to_calls) {
  json document = jacobi_example();
  document["regions"][1]["raw"]["mpi"]["calls_by_kind"]["wait_test"] = 401;
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/1/raw/mpi/calls_by_kind: the calls by kind do not add up to calls"));
}

TEST(DocumentCounts, unknown_kind_and_calls_max_beyond_calls_are_refused) {
  json document = jacobi_example();
  document["regions"][2]["raw"]["mpi"]["calls_by_kind"]["telepathy"] = 0;
  document["regions"][1]["raw"]["mpi"]["calls_max"] = 1601;
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/1/raw/mpi/calls_max: larger than calls",
                          "run.json: /regions/2/raw/mpi/calls_by_kind/telepathy: unknown kind of MPI call"));
}

/// CUDA counts as raw.device holds them: 12 calls, 4 launches (at most 3 on one rank), 2 copies
/// host to device of 1024 bytes in all, one peer copy of 8 bytes.
json device_counts() {
  return {{"runtime_calls", 12},
          {"kernel_launches", 4},
          {"kernel_launches_max", 3},
          {"copies",
           {{"host_to_device", 2},
            {"device_to_host", 0},
            {"device_to_device", 0},
            {"host_to_host", 0},
            {"peer", 1},
            {"default", 0}}},
          {"copy_bytes",
           {{"host_to_device", 1024},
            {"device_to_host", 0},
            {"device_to_device", 0},
            {"host_to_host", 0},
            {"peer", 8},
            {"default", 0}}}};
}

TEST(DocumentCounts, cuda_counts_alone_or_beside_the_device_times_round_trip) {
  json document = jacobi_example();
  document["regions"][1]["raw"]["device"] = device_counts();
  json& timed = document["regions"][2]["raw"]["device"];
  timed = {{"devices", 2}, {"kernel_ns", 100}, {"kernel_max_ns", 60}, {"memory_ns", 10}, {"active_max_ns", 70}};
  timed.update(device_counts());
  document["resources"]["gpus"] = 2; // as many as region 2 measured (the reader would say so)
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_FALSE(read.regions[1].raw.device.has_value());
  const DeviceCountsRaw& counts = read.regions[1].raw.device_counts.value();
  EXPECT_EQ(counts.runtime_calls, 12u);
  ASSERT_TRUE(counts.launches_and_copies.has_value());
  EXPECT_EQ(counts.launches_and_copies->kernel_launches_max, 3u);
  static_assert(device_copy_directions[0] == "host_to_device" && device_copy_directions[4] == "peer");
  EXPECT_EQ(counts.launches_and_copies->copies[0], 2u);
  EXPECT_EQ(counts.launches_and_copies->copy_bytes[0], 1024u);
  EXPECT_EQ(counts.launches_and_copies->copy_bytes[4], 8u);
  EXPECT_EQ(read.regions[2].raw.device_counts, counts);
  EXPECT_EQ(read.regions[2].raw.device->kernel_ns, 100u);
  EXPECT_FALSE(read.regions[0].raw.device_counts.has_value());
  // The writer stores the metrics it computes from raw: region 2's now include the device ones,
  // which the example's stored metrics lack; everything else is written back as read.
  json written = json::parse(write_run_document(read));
  for (json* side : {&written, &document}) {
    for (json& region : (*side)["regions"])
      region.erase("metrics");
  }
  EXPECT_EQ(written, document);
}

TEST(DocumentCounts, runtime_calls_alone_are_read_without_launches_or_copies) {
  // As a DLB TALP import has them (numGpuRuntimeCalls).
  json document = jacobi_example();
  document["regions"][1]["raw"]["device"] = {{"runtime_calls", 400}};
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.regions[1].raw.device_counts, (DeviceCountsRaw{.runtime_calls = 400}));
  EXPECT_EQ(json::parse(write_run_document(read))["regions"][1]["raw"]["device"],
            document["regions"][1]["raw"]["device"]);
  json launches_without_calls = jacobi_example();
  launches_without_calls["regions"][1]["raw"]["device"] = device_counts();
  launches_without_calls["regions"][1]["raw"]["device"].erase("runtime_calls");
  EXPECT_THAT(problems_of(launches_without_calls),
              ElementsAre("run.json: /regions/1/raw/device/runtime_calls: missing required field"));
}

TEST(DocumentCounts, incomplete_or_inconsistent_cuda_counts_are_refused) {
  json document = jacobi_example();
  document["regions"][0]["raw"]["device"] = device_counts();
  document["regions"][0]["raw"]["device"].erase("copy_bytes");
  document["regions"][1]["raw"]["device"] = device_counts();
  document["regions"][1]["raw"]["device"]["kernel_launches_max"] = 5;
  document["regions"][2]["raw"]["device"] = device_counts();
  document["regions"][2]["raw"]["device"]["copies"]["sideways"] = 1;
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/0/raw/device/copy_bytes: missing required field",
                          "run.json: /regions/1/raw/device/kernel_launches_max: larger than kernel_launches",
                          "run.json: /regions/2/raw/device/copies/sideways: unknown direction of a device copy"));
}

TEST(DocumentCounts, an_empty_device_group_is_refused) {
  json document = jacobi_example();
  document["regions"][1]["raw"]["device"] = json::object();
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/1/raw/device: holds neither device times nor CUDA counts"));
}

TEST(DocumentCounts, parent_must_name_another_region_of_the_document) {
  json missing = nested_jacobi();
  missing["regions"][2]["parent"] = "solve";
  EXPECT_THAT(problems_of(missing),
              ElementsAre("run.json: /regions/2/parent: \"solve\" is not another region of this document"));
  json itself = nested_jacobi();
  itself["regions"][1]["parent"] = "halo_exchange";
  EXPECT_THAT(problems_of(itself),
              ElementsAre("run.json: /regions/1/parent: \"halo_exchange\" is not another region of this document"));
}

TEST(DocumentCounts, parents_that_form_a_cycle_are_refused) {
  json document = nested_jacobi();
  document["regions"][1]["parent"] = "compute"; // halo_exchange <-> compute
  EXPECT_THAT(problems_of(document),
              ElementsAre("run.json: /regions/1/parent: the parents of \"halo_exchange\" form a cycle",
                          "run.json: /regions/2/parent: the parents of \"compute\" form a cycle"));
}

TEST(DocumentCounts, other_parents_without_a_parent_are_refused) {
  json document = nested_jacobi();
  document["regions"][0]["other_parents"] = json::array({"compute"});
  EXPECT_THAT(problems_of(document), ElementsAre("run.json: /regions/0/other_parents: listed without a parent"));
  document["regions"][0].erase("other_parents");
  EXPECT_THAT(problems_of(document), IsEmpty());
}

} // namespace
} // namespace tally::model
