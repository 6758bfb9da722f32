// SPDX-License-Identifier: BSD-3-Clause
// describe_hip_call with HIP API data built by hand, as rocprofiler-sdk hands it to the callback:
// launches, copies by direction with their bytes, and the calls that are neither.
#include "rocm/hip_api_calls.hpp"

#include "tally/model/region_counts.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace tally::profiler::rocm {
namespace {

constexpr std::size_t host_to_device = 0, device_to_host = 1, device_to_device = 2, peer = 4, unified = 5;

DeviceCall copy(std::size_t direction, std::uint64_t bytes) {
  return {.kind = DeviceCallKind::memory_copy, .direction = direction, .bytes = bytes};
}

TEST(HipApiCalls, launches_are_launches_with_or_without_arguments) {
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipLaunchKernel, nullptr).kind,
            DeviceCallKind::kernel_launch);
  const rocprofiler_callback_tracing_hip_api_data_t data{};
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipModuleLaunchKernel, &data).kind,
            DeviceCallKind::kernel_launch);
}

TEST(HipApiCalls, copies_take_their_direction_from_their_kind_and_their_bytes_from_their_size) {
  static_assert(model::device_copy_directions[device_to_host] == "device_to_host" &&
                model::device_copy_directions[peer] == "peer" && model::device_copy_directions[unified] == "default");
  rocprofiler_callback_tracing_hip_api_data_t data{};
  data.args.hipMemcpy.sizeBytes = 4096;
  data.args.hipMemcpy.kind = hipMemcpyDeviceToHost;
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy, &data), copy(device_to_host, 4096));
  data.args.hipMemcpyAsync.sizeBytes = 8;
  data.args.hipMemcpyAsync.kind = hipMemcpyDefault;
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyAsync, &data), copy(unified, 8));
  data.args.hipMemcpyAsync.kind = hipMemcpyDeviceToDeviceNoCU;
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyAsync, &data), copy(device_to_device, 8));
}

TEST(HipApiCalls, explicit_direction_peer_and_2d_copies_count_what_they_move) {
  rocprofiler_callback_tracing_hip_api_data_t data{};
  data.args.hipMemcpyHtoD.sizeBytes = 100;
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyHtoD, &data), copy(host_to_device, 100));
  data.args.hipMemcpyPeer.sizeBytes = 300;
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyPeer, &data), copy(peer, 300));
  // 16 rows of 64 bytes out of a pitch of 128: 1024 bytes move, the gaps do not.
  data.args.hipMemcpy2D.width = 64;
  data.args.hipMemcpy2D.height = 16;
  data.args.hipMemcpy2D.dpitch = 128;
  data.args.hipMemcpy2D.spitch = 128;
  data.args.hipMemcpy2D.kind = hipMemcpyHostToDevice;
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy2D, &data), copy(host_to_device, 1024));
}

TEST(HipApiCalls, other_calls_invalid_kinds_and_copies_without_arguments_are_other_calls) {
  rocprofiler_callback_tracing_hip_api_data_t data{};
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipDeviceSynchronize, &data), DeviceCall{});
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy, nullptr), DeviceCall{});
  const int rejected = 7; // no hipMemcpyKind: the runtime fails the call
  std::memcpy(&data.args.hipMemcpy.kind, &rejected, sizeof rejected);
  data.args.hipMemcpy.sizeBytes = 5;
  EXPECT_EQ(describe_hip_call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy, &data), DeviceCall{});
}

} // namespace
} // namespace tally::profiler::rocm
