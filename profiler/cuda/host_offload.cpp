// SPDX-License-Identifier: BSD-3-Clause
// Runtime calls to offload time, the same way the MPI backend turns MPI calls into MPI time.
#include "cuda/host_offload.hpp"

#include "core/thread_state.hpp"

namespace tally::profiler::cuda {
namespace {

/// Runtime calls do not nest, but a depth keeps an unexpected nesting (or an exit whose entry
/// came before the callbacks were on) from corrupting the thread's state.
thread_local int depth __attribute__((tls_model("initial-exec"))) = 0;
thread_local State state_before __attribute__((tls_model("initial-exec"))) = State::useful;

} // namespace

void on_runtime_enter() noexcept {
  if (depth++ > 0) return;
  ThreadState& thread = this_thread();
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
