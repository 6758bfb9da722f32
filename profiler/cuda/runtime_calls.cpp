// SPDX-License-Identifier: BSD-3-Clause
// A runtime call's kind from its CUPTI callback id, a copy's direction and bytes from the
// argument structs CUPTI generates for each call (generated_cuda_runtime_api_meta.h, which cupti.h
// includes and which has no include guard). 3D, array
// and batch copies describe their size through structs of their own: they stay other calls.
#include "cuda/runtime_calls.hpp"

#include "tally/model/region_counts.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace tally::profiler::cuda {
namespace {

/// The index of `name` in model::device_copy_directions; its size when absent (checked below).
consteval std::uint32_t direction_of(std::string_view name) {
  const auto* found = std::find(model::device_copy_directions.begin(), model::device_copy_directions.end(), name);
  return static_cast<std::uint32_t>(found - model::device_copy_directions.begin());
}

constexpr std::uint32_t host_to_device = direction_of("host_to_device");
constexpr std::uint32_t device_to_host = direction_of("device_to_host");
constexpr std::uint32_t device_to_device = direction_of("device_to_device");
constexpr std::uint32_t host_to_host = direction_of("host_to_host");
constexpr std::uint32_t peer_to_peer = direction_of("peer");
constexpr std::uint32_t unified = direction_of("default");
static_assert(std::max({host_to_device, device_to_host, device_to_device, host_to_host, peer_to_peer, unified}) <
                  model::device_copy_directions.size(),
              "a direction named here is missing from model::device_copy_directions");

constexpr TallyRuntimeCall other{tally_runtime_call_other, 0, 0};

/// A copy of `bytes` in the direction of `kind`; another call for a kind the runtime rejects.
TallyRuntimeCall copy(std::underlying_type_t<cudaMemcpyKind> kind, std::uint64_t bytes) {
  std::uint32_t direction = 0;
  switch (kind) {
  case cudaMemcpyHostToDevice: direction = host_to_device; break;
  case cudaMemcpyDeviceToHost: direction = device_to_host; break;
  case cudaMemcpyDeviceToDevice: direction = device_to_device; break;
  case cudaMemcpyHostToHost: direction = host_to_host; break;
  case cudaMemcpyDefault: direction = unified; break;
  default: return other;
  }
  return {tally_runtime_call_memory_copy, direction, bytes};
}

/// The copy's kind as the caller passed it, read as an integer: a value the runtime rejects is no
/// valid cudaMemcpyKind, and loading it as one is undefined behaviour.
template <class Params> std::underlying_type_t<cudaMemcpyKind> kind_of(const Params& arguments) {
  std::underlying_type_t<cudaMemcpyKind> kind = 0;
  std::memcpy(&kind, &arguments.kind, sizeof kind);
  return kind;
}

TallyRuntimeCall peer_copy(std::uint64_t bytes) { return {tally_runtime_call_memory_copy, peer_to_peer, bytes}; }

/// A copy described by the argument struct `Params` (count and kind, as cudaMemcpy's).
template <class Params> TallyRuntimeCall linear(const void* params) {
  const auto& arguments = *static_cast<const Params*>(params);
  return copy(kind_of(arguments), arguments.count);
}

/// A 2D copy: width bytes in each of height rows.
template <class Params> TallyRuntimeCall two_d(const void* params) {
  const auto& arguments = *static_cast<const Params*>(params);
  return copy(kind_of(arguments), static_cast<std::uint64_t>(arguments.width) * arguments.height);
}

template <class Params> TallyRuntimeCall peer(const void* params) {
  return peer_copy(static_cast<const Params*>(params)->count);
}

} // namespace

TallyRuntimeCall describe_runtime_call(CUpti_CallbackId id, const void* params) noexcept {
  switch (id) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunch_v3020:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunch_ptsz_v7000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000:
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernelMultiDevice_v9000:
    return {tally_runtime_call_kernel_launch, 0, 0};
  default: break;
  }
  if (!params) return other;
  switch (id) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020: return linear<cudaMemcpy_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_ptds_v7000: return linear<cudaMemcpy_ptds_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020: return linear<cudaMemcpyAsync_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000: return linear<cudaMemcpyAsync_ptsz_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbol_v3020: return linear<cudaMemcpyToSymbol_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbol_ptds_v7000:
    return linear<cudaMemcpyToSymbol_ptds_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbol_v3020: return linear<cudaMemcpyFromSymbol_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbol_ptds_v7000:
    return linear<cudaMemcpyFromSymbol_ptds_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbolAsync_v3020:
    return linear<cudaMemcpyToSymbolAsync_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbolAsync_ptsz_v7000:
    return linear<cudaMemcpyToSymbolAsync_ptsz_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbolAsync_v3020:
    return linear<cudaMemcpyFromSymbolAsync_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbolAsync_ptsz_v7000:
    return linear<cudaMemcpyFromSymbolAsync_ptsz_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2D_v3020: return two_d<cudaMemcpy2D_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2D_ptds_v7000: return two_d<cudaMemcpy2D_ptds_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2DAsync_v3020: return two_d<cudaMemcpy2DAsync_v3020_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2DAsync_ptsz_v7000: return two_d<cudaMemcpy2DAsync_ptsz_v7000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyPeer_v4000: return peer<cudaMemcpyPeer_v4000_params>(params);
  case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyPeerAsync_v4000: return peer<cudaMemcpyPeerAsync_v4000_params>(params);
  default: return other;
  }
}

} // namespace tally::profiler::cuda
