// SPDX-License-Identifier: BSD-3-Clause
// Runtime calls to offload time and counts, the same way the MPI backend turns MPI calls into
// MPI time and counts.
#include "cuda/host_offload.hpp"

#include "core/offload_state.hpp"

namespace tally::profiler::cuda {
namespace {

/// Counted on the calling thread, also inside MPI (a CUDA-aware MPI's copies are copies made).
void count(ThreadState& thread, const TallyRuntimeCall& call) noexcept {
  thread.add_count(model::count_slot::device_runtime_calls, 1);
  if (call.kind == tally_runtime_call_kernel_launch) {
    thread.add_count(model::count_slot::device_kernel_launches, 1);
  } else if (call.kind == tally_runtime_call_memory_copy && call.direction < model::device_copy_directions.size()) {
    thread.add_count(model::count_slot::device_copies + call.direction, 1);
    thread.add_count(model::count_slot::device_copy_bytes + call.direction, call.bytes);
  }
}

} // namespace

void on_runtime_enter(const TallyRuntimeCall* call) noexcept {
  ThreadState& thread = this_thread();
  // Every call counts, also one made inside an OpenACC construct (already offload time).
  if (call) count(thread, *call);
  enter_offload(thread);
}

void on_runtime_exit() noexcept { leave_offload(); }

} // namespace tally::profiler::cuda
