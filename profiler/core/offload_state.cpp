// SPDX-License-Identifier: BSD-3-Clause
// The depth of a thread's time in the device runtime and the state it left for it.
#include "core/offload_state.hpp"

namespace tally::profiler {
namespace {

thread_local int depth __attribute__((tls_model("initial-exec"))) = 0;
thread_local State state_before __attribute__((tls_model("initial-exec"))) = State::useful;

} // namespace

bool enter_offload(ThreadState& thread) noexcept {
  if (depth++ > 0) return false;
  state_before = thread.current();
  if (state_before != State::mpi) thread.switch_to(State::offload);
  return true;
}

void leave_offload() noexcept {
  if (depth == 0) return;
  if (--depth > 0) return;
  if (state_before != State::mpi) this_thread().switch_to(state_before);
}

} // namespace tally::profiler
