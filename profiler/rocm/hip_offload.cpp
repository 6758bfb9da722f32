// SPDX-License-Identifier: BSD-3-Clause
// HIP runtime calls to offload time and counts, as the CUDA backend does with its runtime calls.
#include "rocm/hip_offload.hpp"

#include "core/offload_state.hpp"

namespace tally::profiler::rocm {

void on_hip_call_enter(const DeviceCall& call) noexcept {
  ThreadState& thread = this_thread();
  // Every call counts, also one inside an OpenACC construct (already offload time) or inside MPI.
  count_device_call(thread, call);
  enter_offload(thread);
}

void on_hip_call_exit() noexcept { leave_offload(); }

} // namespace tally::profiler::rocm
