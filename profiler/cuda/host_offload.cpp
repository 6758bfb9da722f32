// SPDX-License-Identifier: BSD-3-Clause
// Runtime calls to offload time and counts, the same way the MPI backend turns MPI calls into
// MPI time and counts.
#include "cuda/host_offload.hpp"

#include "core/device_calls.hpp"
#include "core/offload_state.hpp"

namespace tally::profiler::cuda {
namespace {

DeviceCall device_call(const TallyRuntimeCall& call) noexcept {
  switch (call.kind) {
  case tally_runtime_call_kernel_launch: return {.kind = DeviceCallKind::kernel_launch};
  case tally_runtime_call_memory_copy:
    return {.kind = DeviceCallKind::memory_copy, .direction = call.direction, .bytes = call.bytes};
  default: return {};
  }
}

} // namespace

void on_runtime_enter(const TallyRuntimeCall* call) noexcept {
  ThreadState& thread = this_thread();
  // Every call counts, also one made inside an OpenACC construct (already offload time) or inside
  // MPI (a CUDA-aware MPI's copies are copies made).
  if (call) count_device_call(thread, device_call(*call));
  enter_offload(thread);
}

void on_runtime_exit() noexcept { leave_offload(); }

} // namespace tally::profiler::cuda
