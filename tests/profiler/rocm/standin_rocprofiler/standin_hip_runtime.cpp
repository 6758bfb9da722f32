// SPDX-License-Identifier: BSD-3-Clause
// The HIP half of the stand-in: HIP's initialisation finds the tool as rocprofiler-register and
// rocprofiler-sdk do, GPUs are queues of timed operations, and the host waits in synchronous calls.
// Each call is traced like the real runtime's: the tool's callback sees its entry and exit.
#include "standin_hip.h"
#include "standin_rocprofiler.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <dlfcn.h>
#include <mutex>
#include <vector>

namespace standin {
namespace {

rocprofiler_tool_configure_result_t* tool = nullptr;

// The end of the last operation queued on each GPU, in ns of rocprofiler's clock.
std::mutex queues_mutex;
std::vector<std::uint64_t>& queue_tails() {
  static auto& tails = *new std::vector<std::uint64_t>;
  return tails;
}

void finalize_tool(rocprofiler_client_id_t) {}

// rocprofiler-sdk's exit handler, registered when it initialises (so run before the exit handlers of
// libraries loaded earlier, libtally.so's): the tool's finalize, then rocprofiler stops.
void finalize_rocprofiler() {
  if (tool && tool->finalize) tool->finalize(tool->tool_data);
  finalize();
}

int initialize() {
  queue_tails().assign(static_cast<std::size_t>(gpu_count()), 0);
  // rocprofiler-register looks the symbol up among the loaded libraries; rocprofiler-sdk calls it.
  void* configure = dlsym(RTLD_DEFAULT, "rocprofiler_configure");
  if (!configure) return 0;
  static rocprofiler_client_id_t client{nullptr, 1};
  tool = reinterpret_cast<rocprofiler_configure_func_t>(configure)(ROCPROFILER_VERSION, ROCPROFILER_VERSION_STRING, 0,
                                                                   &client);
  if (tool && tool->initialize && tool->initialize(finalize_tool, tool->tool_data) != 0) {
    std::fprintf(stderr, "standin_hip: the tool's initialize failed\n");
    tool = nullptr;
    return -1;
  }
  std::atexit(finalize_rocprofiler);
  return 0;
}

/// One HIP call as the tool's callback sees it: entry when constructed, exit when destroyed.
class TracedCall {
public:
  explicit TracedCall(rocprofiler_hip_runtime_api_id_t operation, rocprofiler_callback_tracing_hip_api_data_t data = {})
      : operation_(operation), data_(data) {
    standin_hip_init();
    trace_hip_call(operation_, ROCPROFILER_CALLBACK_PHASE_ENTER, data_);
  }
  ~TracedCall() { trace_hip_call(operation_, ROCPROFILER_CALLBACK_PHASE_EXIT, data_); }
  TracedCall(const TracedCall&) = delete;
  TracedCall& operator=(const TracedCall&) = delete;

private:
  rocprofiler_hip_runtime_api_id_t operation_;
  rocprofiler_callback_tracing_hip_api_data_t data_;
};

std::uint64_t duration_ns(double ms) { return static_cast<std::uint64_t>(std::llround(std::fmax(ms, 0.0) * 1e6)); }

bool valid_gpu(int gpu) {
  if (gpu >= 0 && gpu < gpu_count()) return true;
  std::fprintf(stderr, "standin_hip: GPU %d does not exist (STANDIN_HIP_DEVICES=%d)\n", gpu, gpu_count());
  return false;
}

enum class Operation { kernel, copy };

// Queues an operation of `ms` behind what `gpu` already holds; returns its end, 0 for no such GPU.
std::uint64_t queue(Operation operation, int gpu, double ms) {
  if (!valid_gpu(gpu)) return 0;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  {
    const std::lock_guard lock(queues_mutex);
    std::uint64_t& tail = queue_tails()[static_cast<std::size_t>(gpu)];
    begin = std::max(now_ns(), tail);
    end = begin + duration_ns(ms);
    tail = end;
  }
  if (operation == Operation::kernel)
    record_kernel(gpu, begin, end);
  else
    record_copy_to_gpu(gpu, begin, end);
  return end;
}

void wait_until(std::uint64_t end_ns) {
  const timespec deadline{static_cast<time_t>(end_ns / 1'000'000'000u), static_cast<long>(end_ns % 1'000'000'000u)};
  while (clock_nanosleep(CLOCK_BOOTTIME, TIMER_ABSTIME, &deadline, nullptr) == EINTR) {
  }
}

rocprofiler_callback_tracing_hip_api_data_t copy_to_device(bool asynchronous) {
  rocprofiler_callback_tracing_hip_api_data_t data{};
  if (asynchronous)
    data.args.hipMemcpyAsync.kind = hipMemcpyHostToDevice;
  else
    data.args.hipMemcpy.kind = hipMemcpyHostToDevice;
  return data;
}

} // namespace
} // namespace standin

extern "C" {

int standin_hip_init(void) {
  static std::once_flag once;
  static int result = 0;
  std::call_once(once, [] { result = standin::initialize(); });
  return result;
}

void standin_hip_launch(int device, double kernel_ms) {
  const standin::TracedCall call(ROCPROFILER_HIP_RUNTIME_API_ID_hipLaunchKernel);
  standin::queue(standin::Operation::kernel, device, kernel_ms);
}

void standin_hip_memcpy(int device, double copy_ms) {
  const standin::TracedCall call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpy, standin::copy_to_device(false));
  standin::wait_until(standin::queue(standin::Operation::copy, device, copy_ms));
}

void standin_hip_memcpy_async(int device, double copy_ms) {
  const standin::TracedCall call(ROCPROFILER_HIP_RUNTIME_API_ID_hipMemcpyAsync, standin::copy_to_device(true));
  standin::queue(standin::Operation::copy, device, copy_ms);
}

void standin_hip_host_call(double ms) {
  const standin::TracedCall call(ROCPROFILER_HIP_RUNTIME_API_ID_hipHostMalloc);
  standin::wait_until(standin::now_ns() + standin::duration_ns(ms));
}

void standin_hip_synchronize(int device) {
  const standin::TracedCall call(ROCPROFILER_HIP_RUNTIME_API_ID_hipDeviceSynchronize);
  if (!standin::valid_gpu(device)) return;
  std::uint64_t end = 0;
  {
    const std::lock_guard lock(standin::queues_mutex);
    end = standin::queue_tails()[static_cast<std::size_t>(device)];
  }
  standin::wait_until(end);
}

} // extern "C"
