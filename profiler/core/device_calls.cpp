// SPDX-License-Identifier: BSD-3-Clause
// Device runtime calls to count slots (model::count_slot::device_*).
#include "core/device_calls.hpp"

#include "tally/model/region_counts.hpp"

namespace tally::profiler {

void count_device_call(ThreadState& thread, const DeviceCall& call) noexcept {
  thread.add_count(model::count_slot::device_runtime_calls, 1);
  if (call.kind == DeviceCallKind::kernel_launch) {
    thread.add_count(model::count_slot::device_kernel_launches, 1);
  } else if (call.kind == DeviceCallKind::memory_copy && call.direction < model::device_copy_directions.size()) {
    thread.add_count(model::count_slot::device_copies + call.direction, 1);
    thread.add_count(model::count_slot::device_copy_bytes + call.direction, call.bytes);
  }
}

} // namespace tally::profiler
