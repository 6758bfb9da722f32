// SPDX-License-Identifier: BSD-3-Clause
// HIP runtime calls to launches and copies, from the argument union of rocprofiler-sdk's HIP API
// data (rocprofiler-sdk/hip/api_args.h). The same calls count as CUDA's do (profiler/cuda/README.md):
// 3D, array and batch copies describe their size through structs of their own and stay other calls.
#include "rocm/hip_api_calls.hpp"

#include "tally/model/region_counts.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace tally::profiler::rocm {
namespace {

/// The index of `name` in model::device_copy_directions; its size when absent (checked below).
consteval std::size_t direction_of(std::string_view name) {
  const auto* found = std::find(model::device_copy_directions.begin(), model::device_copy_directions.end(), name);
  return static_cast<std::size_t>(found - model::device_copy_directions.begin());
}

constexpr std::size_t host_to_device = direction_of("host_to_device");
constexpr std::size_t device_to_host = direction_of("device_to_host");
constexpr std::size_t device_to_device = direction_of("device_to_device");
constexpr std::size_t host_to_host = direction_of("host_to_host");
constexpr std::size_t peer_to_peer = direction_of("peer");
constexpr std::size_t unified = direction_of("default");
static_assert(std::max({host_to_device, device_to_host, device_to_device, host_to_host, peer_to_peer, unified}) <
                  model::device_copy_directions.size(),
              "a direction named here is missing from model::device_copy_directions");

constexpr DeviceCall launch{.kind = DeviceCallKind::kernel_launch};

DeviceCall copy(std::size_t direction, std::uint64_t bytes) {
  return {.kind = DeviceCallKind::memory_copy, .direction = direction, .bytes = bytes};
}

/// The copy's kind as the caller passed it, read as an integer: a value the runtime rejects is no
/// valid hipMemcpyKind, and loading it as one is undefined behaviour.
template <class Arguments> std::underlying_type_t<hipMemcpyKind> kind_of(const Arguments& arguments) {
  std::underlying_type_t<hipMemcpyKind> kind = 0;
  std::memcpy(&kind, &arguments.kind, sizeof kind);
  return kind;
}

/// A copy of `bytes` in the direction of its hipMemcpyKind; another call for a kind the runtime rejects.
template <class Arguments> DeviceCall copy_of_kind(const Arguments& arguments, std::uint64_t bytes) {
  switch (kind_of(arguments)) {
  case hipMemcpyHostToDevice: return copy(host_to_device, bytes);
  case hipMemcpyDeviceToHost: return copy(device_to_host, bytes);
  case hipMemcpyDeviceToDevice:
  case hipMemcpyDeviceToDeviceNoCU: return copy(device_to_device, bytes);
  case hipMemcpyHostToHost: return copy(host_to_host, bytes);
  case hipMemcpyDefault: return copy(unified, bytes);
  default: return {};
  }
}

/// A copy whose arguments have sizeBytes and kind, as hipMemcpy's.
template <class Arguments> DeviceCall sized_copy(const Arguments& arguments) {
  return copy_of_kind(arguments, arguments.sizeBytes);
}

/// A 2D copy moves width × height bytes; the pitch gaps are not copied.
template <class Arguments> DeviceCall copy_2d(const Arguments& arguments) {
  return copy_of_kind(arguments, static_cast<std::uint64_t>(arguments.width) * arguments.height);
}

bool is_launch(rocprofiler_hip_runtime_api_id_t id) {
  switch (id) {
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipLaunchKernel:
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipLaunchKernel_spt:
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipExtLaunchKernel:
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipLaunchCooperativeKernel:
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipLaunchCooperativeKernel_spt:
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipModuleLaunchKernel:
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipExtModuleLaunchKernel:
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipHccModuleLaunchKernel: return true;
  default: return false;
  }
}

DeviceCall describe_copy(rocprofiler_hip_runtime_api_id_t id, const rocprofiler_hip_api_args_t& arguments) {
  switch (id) {
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy: return sized_copy(arguments.hipMemcpy);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy_spt: return sized_copy(arguments.hipMemcpy_spt);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyAsync: return sized_copy(arguments.hipMemcpyAsync);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyAsync_spt: return sized_copy(arguments.hipMemcpyAsync_spt);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyWithStream: return sized_copy(arguments.hipMemcpyWithStream);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyToSymbol: return sized_copy(arguments.hipMemcpyToSymbol);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyToSymbolAsync: return sized_copy(arguments.hipMemcpyToSymbolAsync);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyFromSymbol: return sized_copy(arguments.hipMemcpyFromSymbol);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyFromSymbolAsync: return sized_copy(arguments.hipMemcpyFromSymbolAsync);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy2D: return copy_2d(arguments.hipMemcpy2D);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy2D_spt: return copy_2d(arguments.hipMemcpy2D_spt);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy2DAsync: return copy_2d(arguments.hipMemcpy2DAsync);
  // The explicit-direction copies name their direction in the call, not in a kind.
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyHtoD: return copy(host_to_device, arguments.hipMemcpyHtoD.sizeBytes);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyHtoDAsync:
    return copy(host_to_device, arguments.hipMemcpyHtoDAsync.sizeBytes);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyDtoH: return copy(device_to_host, arguments.hipMemcpyDtoH.sizeBytes);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyDtoHAsync:
    return copy(device_to_host, arguments.hipMemcpyDtoHAsync.sizeBytes);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyDtoD: return copy(device_to_device, arguments.hipMemcpyDtoD.sizeBytes);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyDtoDAsync:
    return copy(device_to_device, arguments.hipMemcpyDtoDAsync.sizeBytes);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyPeer: return copy(peer_to_peer, arguments.hipMemcpyPeer.sizeBytes);
  case ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyPeerAsync:
    return copy(peer_to_peer, arguments.hipMemcpyPeerAsync.sizeBytes);
  default: return {};
  }
}

} // namespace

DeviceCall describe_hip_call(rocprofiler_tracing_operation_t operation,
                             const rocprofiler_callback_tracing_hip_api_data_t* data) noexcept {
  const auto id = static_cast<rocprofiler_hip_runtime_api_id_t>(operation);
  if (is_launch(id)) return launch;
  return data ? describe_copy(id, data->args) : DeviceCall{};
}

} // namespace tally::profiler::rocm
