// SPDX-License-Identifier: BSD-3-Clause
// Which CUDA runtime calls launch kernels or copy memory, and what a copy's arguments say of its
// direction and size. Needs CUPTI's and the runtime's headers only, never a library, so it is
// tested with arguments built by hand.
#pragma once

#include "cuda/cupti_sink.hpp"

#include <cupti.h> // with the argument structs of every runtime call (generated_cuda_runtime_api_meta.h)

namespace tally::profiler::cuda {

/// The call `id` of CUPTI's runtime-API domain with `params` (CUpti_CallbackData::functionParams,
/// the call's arguments): a kernel launch, a memory copy with its direction and bytes, or another
/// call. A copy whose direction is not a valid cudaMemcpyKind fails in the runtime and is
/// another call here; so is a copy without arguments.
TallyRuntimeCall describe_runtime_call(CUpti_CallbackId id, const void* params) noexcept;

} // namespace tally::profiler::cuda
