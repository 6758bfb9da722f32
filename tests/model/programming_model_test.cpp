// SPDX-License-Identifier: BSD-3-Clause
// The GPU programming model named beside a region, from raw aggregates set by hand.
#include "tally/model/metric_report.hpp"
#include "tally/model/programming_model.hpp"

#include <gtest/gtest.h>

namespace tally::model {
namespace {

RegionRaw with_calls(std::uint64_t calls, std::optional<DeviceRuntime> runtime) {
  RegionRaw raw;
  raw.device = DeviceRaw{1, 100, 100, 10, 110};
  raw.device_counts = DeviceCountsRaw{.runtime_calls = calls, .runtime = runtime};
  return raw;
}

RegionRaw with_cuda_calls(std::uint64_t calls) { return with_calls(calls, DeviceRuntime::cuda); }

OpenAccRaw constructs(std::uint64_t compute, std::uint64_t update, std::uint64_t on_host) {
  OpenAccRaw out;
  out.constructs[0] = compute;
  out.constructs[3] = update;
  out.constructs_on_host = on_host;
  return out;
}

TEST(ProgrammingModel, cuda_calls_openacc_constructs_or_both_name_the_model_and_nothing_else_does) {
  EXPECT_EQ(gpu_programming_model(with_cuda_calls(12)), "CUDA");
  RegionRaw openacc;
  openacc.openacc = constructs(4, 2, 0);
  EXPECT_EQ(gpu_programming_model(openacc), "OpenACC");
  openacc.openacc = constructs(4, 2, 6); // every one of the 6 on the host
  EXPECT_EQ(gpu_programming_model(openacc), "OpenACC, run on the host");
  openacc.openacc = constructs(4, 2, 5);
  EXPECT_EQ(gpu_programming_model(openacc), "OpenACC");
  RegionRaw both = with_cuda_calls(3);
  both.openacc = constructs(1, 0, 0);
  EXPECT_EQ(gpu_programming_model(both), "OpenACC and CUDA");
  RegionRaw hip_and_openacc = with_calls(3, DeviceRuntime::hip);
  hip_and_openacc.openacc = constructs(1, 0, 0);
  EXPECT_EQ(gpu_programming_model(hip_and_openacc), "OpenACC and HIP");
  // A device tree without counted calls (an imported TALP run), an OpenACC group of no construct,
  // and a CPU region: not known, or no GPU.
  RegionRaw imported;
  imported.device = DeviceRaw{1, 100, 100, 10, 110};
  EXPECT_EQ(gpu_programming_model(imported), std::nullopt);
  RegionRaw idle;
  idle.openacc = OpenAccRaw{};
  EXPECT_EQ(gpu_programming_model(idle), std::nullopt);
  EXPECT_EQ(gpu_programming_model(RegionRaw{}), std::nullopt);
}

TEST(ProgrammingModel, hip_calls_name_hip_and_calls_of_a_runtime_not_said_stay_cuda) {
  EXPECT_EQ(gpu_programming_model(with_calls(9, DeviceRuntime::hip)), "HIP");
  // Documents before tally.run/8 and TALP imports do not say; tally measured only CUDA then.
  EXPECT_EQ(gpu_programming_model(with_calls(9, std::nullopt)), "CUDA");
  EXPECT_EQ(gpu_programming_model(with_calls(0, DeviceRuntime::hip)), std::nullopt) << "no call, no GPU work";
}

TEST(ProgrammingModel, the_report_names_it_beside_the_region) {
  RunDocument document;
  document.regions.push_back({"step", 3, with_cuda_calls(5), {}, {}});
  document.regions.push_back({"io", 1, RegionRaw{}, {}, {}});
  document.regions.push_back({"kernels", 2, with_calls(4, DeviceRuntime::hip), {}, {}});
  const std::string text = metric_report_text(document);
  EXPECT_NE(text.find("\nRegion step (3 visits) · GPU: CUDA\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nRegion io (1 visit)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nRegion kernels (2 visits) · GPU: HIP\n"), std::string::npos) << text;
  const auto json = metric_report_json(document);
  EXPECT_EQ(json["regions"][0]["gpu_programming_model"], "CUDA");
  EXPECT_FALSE(json["regions"][1].contains("gpu_programming_model"));
  EXPECT_EQ(json["regions"][2]["gpu_programming_model"], "HIP");
}

} // namespace
} // namespace tally::model
