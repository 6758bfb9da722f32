// SPDX-License-Identifier: BSD-3-Clause
// Runtime calls to offload time and counts, the same way the MPI backend turns MPI calls into
// MPI time and counts.
#include "cuda/host_offload.hpp"

#include "core/thread_state.hpp"

namespace tally::profiler::cuda {
namespace {

/// Runtime calls do not nest, but a depth keeps an unexpected nesting (or an exit whose entry
/// came before the callbacks were on) from corrupting the thread's state.
thread_local int depth __attribute__((tls_model("initial-exec"))) = 0;
thread_local State state_before __attribute__((tls_model("initial-exec"))) = State::useful;

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
  if (depth++ > 0) return;
  ThreadState& thread = this_thread();
  if (call) count(thread, *call);
  state_before = thread.current();
  // A CUDA call made inside MPI (CUDA-aware MPI copying a device buffer) stays MPI time.
  if (state_before != State::mpi) thread.switch_to(State::offload);
}

void on_runtime_exit() noexcept {
  if (depth == 0) return;
  if (--depth > 0) return;
  if (state_before != State::mpi) this_thread().switch_to(state_before);
}

} // namespace tally::profiler::cuda
