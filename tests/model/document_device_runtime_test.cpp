// SPDX-License-Identifier: BSD-3-Clause
// What tally.run/8 adds to the document: `raw.device.runtime`, whose runtime calls a region's device
// counts are ("cuda" or "hip"). Written and read back unchanged; absent in a version 7 document,
// whose counts are still named CUDA's; an unknown runtime, or one without counts, refused with its
// pointer (as check_schema.py's variants are by the schema).
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/programming_model.hpp"
#include "tally/model/region_fold.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tally::model {
namespace {

using example_runs::jacobi_example;
using example_runs::problems_of;
using nlohmann::json;
using ::testing::ElementsAre;

/// 7 HIP runtime calls of which 2 kernel launches and 1 copy of 4096 bytes to the device.
json hip_counts() {
  json directions = {{"host_to_device", 0}, {"device_to_host", 0}, {"device_to_device", 0},
                     {"host_to_host", 0},   {"peer", 0},           {"default", 0}};
  json copy_bytes = directions;
  directions["host_to_device"] = 1;
  copy_bytes["host_to_device"] = 4096;
  return {{"runtime_calls", 7},   {"kernel_launches", 2},     {"kernel_launches_max", 2},
          {"copies", directions}, {"copy_bytes", copy_bytes}, {"runtime", "hip"}};
}

json with_device(const json& device) {
  json document = jacobi_example();
  document["regions"][0]["raw"]["device"] = device;
  return document;
}

TEST(DocumentDeviceRuntime, hip_counts_round_trip_and_name_the_model_hip) {
  const json document = with_device(hip_counts());
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  const std::optional<DeviceCountsRaw>& counts = read.regions[0].raw.device_counts;
  ASSERT_TRUE(counts.has_value());
  EXPECT_EQ(counts->runtime_calls, 7u);
  EXPECT_EQ(counts->runtime, DeviceRuntime::hip);
  EXPECT_EQ(gpu_programming_model(read.regions[0].raw), "HIP");
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentDeviceRuntime, a_version_7_document_does_not_say_and_its_calls_stay_named_cuda) {
  json device = hip_counts();
  device.erase("runtime");
  json document = with_device(device);
  document["schema"] = "tally.run/7";
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  EXPECT_EQ(read.regions[0].raw.device_counts->runtime, std::nullopt);
  EXPECT_EQ(gpu_programming_model(read.regions[0].raw), "CUDA");
  const json written = json::parse(write_run_document(read));
  EXPECT_EQ(written["schema"], "tally.run/8");
  EXPECT_EQ(written["regions"][0]["raw"]["device"], device) << "nothing added: the document did not say";
}

TEST(DocumentDeviceRuntime, an_unknown_runtime_and_a_runtime_without_counts_are_refused_with_their_pointers) {
  json device = hip_counts();
  device["runtime"] = "opencl";
  EXPECT_THAT(problems_of(with_device(device)),
              ElementsAre("run.json: /regions/0/raw/device/runtime: expected \"cuda\" or \"hip\", got \"opencl\""));
  EXPECT_THAT(problems_of(with_device({{"runtime", "hip"}})),
              ElementsAre("run.json: /regions/0/raw/device/runtime_calls: missing required field"));
}

/// The fold names the runtime the backends measured, beside the counts it sums.
TEST(DocumentDeviceRuntime, the_fold_names_the_measured_runtime_on_the_device_counts) {
  ProcessRecord process{.visits = 1, .elapsed_ns = 100, .useful_ns = 60, .offload_ns = 40};
  process.counts[count_slot::device_runtime_calls] = 5;
  RegionFold fold;
  fold.add(process);
  fold.add(process);
  const RegionRaw hip = fold.finish({.offload = true, .device_runtime = DeviceRuntime::hip});
  EXPECT_EQ(hip.device_counts->runtime_calls, 10u);
  EXPECT_EQ(hip.device_counts->runtime, DeviceRuntime::hip);
  EXPECT_EQ(fold.finish({.offload = true}).device_counts->runtime, DeviceRuntime::cuda);
}

} // namespace
} // namespace tally::model
