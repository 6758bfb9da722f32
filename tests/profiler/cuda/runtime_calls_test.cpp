// SPDX-License-Identifier: BSD-3-Clause
// describe_runtime_call with the argument structs CUPTI hands a runtime-API callback, built by
// hand: which calls are launches and copies, and a copy's direction and bytes.
#include "cuda/runtime_calls.hpp"

#include "tally/model/region_counts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace tally::profiler::cuda {
namespace {

std::uint32_t direction(std::string_view name) {
  return static_cast<std::uint32_t>(
      std::find(model::device_copy_directions.begin(), model::device_copy_directions.end(), name) -
      model::device_copy_directions.begin());
}

TEST(RuntimeCalls, kernel_launches_of_every_variant_are_launches) {
  for (const CUpti_CallbackId id :
       {CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000,
        CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000,
        CUPTI_RUNTIME_TRACE_CBID_cudaLaunch_v3020}) {
    EXPECT_EQ(describe_runtime_call(id, nullptr).kind, tally_runtime_call_kernel_launch) << id;
  }
}

TEST(RuntimeCalls, a_copy_has_the_direction_and_count_of_its_arguments) {
  cudaMemcpy_v3020_params to_device{nullptr, nullptr, 4096, cudaMemcpyHostToDevice};
  auto call = describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020, &to_device);
  EXPECT_EQ(call.kind, tally_runtime_call_memory_copy);
  EXPECT_EQ(call.direction, direction("host_to_device"));
  EXPECT_EQ(call.bytes, 4096u);

  cudaMemcpyAsync_v3020_params to_host{nullptr, nullptr, 512, cudaMemcpyDeviceToHost, nullptr};
  call = describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, &to_host);
  EXPECT_EQ(call.direction, direction("device_to_host"));
  EXPECT_EQ(call.bytes, 512u);

  cudaMemcpyToSymbol_v3020_params symbol{nullptr, nullptr, 8, 0, cudaMemcpyDeviceToDevice};
  call = describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbol_v3020, &symbol);
  EXPECT_EQ(call.direction, direction("device_to_device"));
  EXPECT_EQ(call.bytes, 8u);

  cudaMemcpy_v3020_params unified{nullptr, nullptr, 3, cudaMemcpyDefault};
  call = describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020, &unified);
  EXPECT_EQ(call.direction, direction("default"));
}

TEST(RuntimeCalls, a_2d_copy_moves_width_times_height_bytes_and_a_peer_copy_its_count) {
  // 100 bytes wide, 7 rows, pitches 128 and 256 (the gaps are not copied): 700 bytes.
  cudaMemcpy2D_v3020_params rows{nullptr, 128, nullptr, 256, 100, 7, cudaMemcpyHostToHost};
  auto call = describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2D_v3020, &rows);
  EXPECT_EQ(call.direction, direction("host_to_host"));
  EXPECT_EQ(call.bytes, 700u);

  cudaMemcpyPeerAsync_v4000_params peer{nullptr, 1, nullptr, 0, 2048, nullptr};
  call = describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyPeerAsync_v4000, &peer);
  EXPECT_EQ(call.kind, tally_runtime_call_memory_copy);
  EXPECT_EQ(call.direction, direction("peer"));
  EXPECT_EQ(call.bytes, 2048u);
}

TEST(RuntimeCalls, other_calls_and_copies_the_runtime_rejects_are_other_calls) {
  EXPECT_EQ(describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020, nullptr).kind,
            tally_runtime_call_other);
  EXPECT_EQ(describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020, nullptr).kind, tally_runtime_call_other);
  // A kind the runtime rejects, as an application may pass it: written as bytes, since 9 is no
  // valid cudaMemcpyKind.
  cudaMemcpy_v3020_params invalid{nullptr, nullptr, 16, cudaMemcpyHostToDevice};
  const std::underlying_type_t<cudaMemcpyKind> rejected = 9;
  std::memcpy(&invalid.kind, &rejected, sizeof rejected);
  EXPECT_EQ(describe_runtime_call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020, &invalid).kind, tally_runtime_call_other);
}

} // namespace
} // namespace tally::profiler::cuda
