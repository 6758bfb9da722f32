// SPDX-License-Identifier: BSD-3-Clause
// hip_offload.hpp driven as rocprofiler-sdk's HIP API callbacks drive it, on the test's own
// thread: a call is offload time and counts in the same slots as a CUDA runtime call; a call
// inside MPI counts and stays MPI time.
#include "core/thread_state.hpp"
#include "rocm/hip_offload.hpp"

#include "tally/model/region_counts.hpp"

#include <gtest/gtest.h>

namespace tally::profiler::rocm {
namespace {

namespace slot = model::count_slot;
constexpr std::size_t host_to_device = 0, device_to_host = 1;

/// What the thread counted between `before` and now, slot by slot.
struct Added {
  model::Counts before = this_thread().snapshot().counts;
  std::uint64_t operator()(std::size_t counted) { return this_thread().snapshot().counts[counted] - before[counted]; }
};

TEST(HipOffload, a_launch_and_two_copies_are_offload_time_and_count_like_cuda_calls) {
  static_assert(model::device_copy_directions[host_to_device] == "host_to_device" &&
                model::device_copy_directions[device_to_host] == "device_to_host");
  ThreadState& thread = this_thread();
  thread.switch_to(State::useful);
  Added added;
  on_hip_call_enter({.kind = DeviceCallKind::kernel_launch});
  EXPECT_EQ(thread.current(), State::offload);
  on_hip_call_exit();
  EXPECT_EQ(thread.current(), State::useful);
  on_hip_call_enter({.kind = DeviceCallKind::memory_copy, .direction = host_to_device, .bytes = 4096});
  on_hip_call_exit();
  on_hip_call_enter({.kind = DeviceCallKind::memory_copy, .direction = device_to_host, .bytes = 100});
  on_hip_call_exit();
  on_hip_call_enter({}); // hipDeviceSynchronize
  on_hip_call_exit();
  EXPECT_EQ(added(slot::device_runtime_calls), 4u);
  EXPECT_EQ(added(slot::device_kernel_launches), 1u);
  EXPECT_EQ(added(slot::device_copies + host_to_device), 1u);
  EXPECT_EQ(added(slot::device_copy_bytes + host_to_device), 4096u);
  EXPECT_EQ(added(slot::device_copies + device_to_host), 1u);
  EXPECT_EQ(added(slot::device_copy_bytes + device_to_host), 100u);
}

TEST(HipOffload, a_call_inside_mpi_counts_and_stays_mpi_time) {
  ThreadState& thread = this_thread();
  thread.switch_to(State::mpi);
  Added added;
  on_hip_call_enter({.kind = DeviceCallKind::memory_copy, .direction = host_to_device, .bytes = 8});
  EXPECT_EQ(thread.current(), State::mpi);
  on_hip_call_exit();
  EXPECT_EQ(thread.current(), State::mpi);
  EXPECT_EQ(added(slot::device_copies + host_to_device), 1u);
  thread.switch_to(State::useful);
}

} // namespace
} // namespace tally::profiler::rocm
