// SPDX-License-Identifier: BSD-3-Clause
// The rocprofiler-sdk half of the stand-in: the functions tally's tool calls, with rocprofiler-sdk's
// own prototypes (its headers), and a buffer that hands completed records over on a thread of its
// own, as rocprofiler's does. It hands them over more eagerly than rocprofiler (every 20 ms, not at
// a watermark of several thousand records), so that the records of a run arrive both during it, on
// that thread, and at the tool's flushes.
#include "standin_rocprofiler.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <thread>
#include <vector>

namespace standin {
namespace {

/// A record waiting in the buffer: the header's payload points at one of the two.
struct Pending {
  rocprofiler_buffer_tracing_kind_t kind = ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH;
  rocprofiler_buffer_tracing_kernel_dispatch_record_t kernel{};
  rocprofiler_buffer_tracing_memory_copy_record_t copy{};
  std::uint64_t end_ns = 0;
};

struct State {
  std::mutex mutex;
  bool started = false;
  bool finalized = false;
  rocprofiler_callback_tracing_cb_t hip_callback = nullptr;
  void* hip_callback_data = nullptr;
  rocprofiler_buffer_tracing_cb_t buffer_callback = nullptr;
  void* buffer_callback_data = nullptr;
  bool kernels_traced = false;
  bool copies_traced = false;
  std::vector<Pending> pending;
  std::mutex delivery; // one delivery at a time, as rocprofiler's buffer
};

// Never destroyed: tools call in from exit handlers.
State& state() {
  static auto& instance = *new State;
  return instance;
}

constexpr rocprofiler_context_id_t the_context{1};
constexpr rocprofiler_buffer_id_t the_buffer{1};

void refuse_after_finalize(const char* function) {
  if (!state().finalized) return;
  std::fprintf(stderr, "standin_rocprofiler: %s called after rocprofiler-sdk finalized\n", function);
  std::abort();
}

/// Hands the completed records over to the tool's buffer callback, on the calling thread.
void deliver_completed() {
  State& s = state();
  const std::lock_guard delivering(s.delivery);
  std::vector<Pending> completed;
  rocprofiler_buffer_tracing_cb_t callback = nullptr;
  void* data = nullptr;
  {
    const std::lock_guard lock(s.mutex);
    const std::uint64_t now = now_ns();
    std::vector<Pending> running;
    for (Pending& record : s.pending)
      (record.end_ns <= now ? completed : running).push_back(record);
    s.pending = std::move(running);
    callback = s.buffer_callback;
    data = s.buffer_callback_data;
  }
  if (!callback || completed.empty()) return;
  std::vector<rocprofiler_record_header_t> headers(completed.size());
  std::vector<rocprofiler_record_header_t*> pointers(completed.size());
  for (std::size_t i = 0; i < completed.size(); ++i) {
    Pending& record = completed[i];
    headers[i].category = ROCPROFILER_BUFFER_CATEGORY_TRACING;
    headers[i].kind = record.kind;
    headers[i].payload = record.kind == ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH ? static_cast<void*>(&record.kernel)
                                                                                   : static_cast<void*>(&record.copy);
    pointers[i] = &headers[i];
  }
  callback(the_context, the_buffer, pointers.data(), pointers.size(), data, 0);
}

/// The buffer's own thread; started with the context, detached (rocprofiler's threads outlive main).
void deliver_periodically() {
  while (true) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (state().finalized) return;
    deliver_completed();
  }
}

void add(Pending record) {
  State& s = state();
  const std::lock_guard lock(s.mutex);
  if (!s.started) return;
  if (record.kind == ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH ? s.kernels_traced : s.copies_traced)
    s.pending.push_back(record);
}

} // namespace

std::uint64_t now_ns() {
  timespec now{};
  clock_gettime(CLOCK_BOOTTIME, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(now.tv_nsec);
}

int gpu_count() {
  static const int count = [] {
    const char* text = std::getenv("STANDIN_HIP_DEVICES");
    const int value = text ? std::atoi(text) : 1;
    return value > 0 ? value : 1;
  }();
  return count;
}

void trace_hip_call(rocprofiler_hip_runtime_api_id_t operation, rocprofiler_callback_phase_t phase,
                    rocprofiler_callback_tracing_hip_api_data_t& data) {
  rocprofiler_callback_tracing_cb_t callback = nullptr;
  void* callback_data = nullptr;
  {
    const std::lock_guard lock(state().mutex);
    if (!state().started) return;
    callback = state().hip_callback;
    callback_data = state().hip_callback_data;
  }
  if (!callback) return;
  data.size = sizeof data;
  rocprofiler_callback_tracing_record_t record{};
  record.context_id = the_context;
  record.kind = ROCPROFILER_CALLBACK_TRACING_HIP_RUNTIME_API;
  record.operation = operation;
  record.phase = phase;
  record.payload = &data;
  rocprofiler_user_data_t user_data{};
  callback(record, &user_data, callback_data);
}

void record_kernel(int gpu, std::uint64_t begin_ns, std::uint64_t end_ns) {
  Pending record{};
  record.kernel.size = sizeof record.kernel;
  record.kernel.kind = ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH;
  record.kernel.start_timestamp = begin_ns;
  record.kernel.end_timestamp = end_ns;
  record.kernel.dispatch_info.size = sizeof record.kernel.dispatch_info;
  record.kernel.dispatch_info.agent_id.handle = first_gpu_agent + static_cast<std::uint64_t>(gpu);
  record.end_ns = end_ns;
  add(record);
}

void record_copy_to_gpu(int gpu, std::uint64_t begin_ns, std::uint64_t end_ns) {
  Pending record{};
  record.kind = ROCPROFILER_BUFFER_TRACING_MEMORY_COPY;
  record.copy.size = sizeof record.copy;
  record.copy.kind = ROCPROFILER_BUFFER_TRACING_MEMORY_COPY;
  record.copy.operation = ROCPROFILER_MEMORY_COPY_HOST_TO_DEVICE;
  record.copy.start_timestamp = begin_ns;
  record.copy.end_timestamp = end_ns;
  record.copy.src_agent_id.handle = cpu_agent;
  record.copy.dst_agent_id.handle = first_gpu_agent + static_cast<std::uint64_t>(gpu);
  record.end_ns = end_ns;
  add(record);
}

void finalize() { state().finalized = true; }

} // namespace standin

// ---- rocprofiler-sdk's functions, as tally's tool calls them ----

extern "C" {

rocprofiler_status_t rocprofiler_create_context(rocprofiler_context_id_t* context_id) {
  standin::refuse_after_finalize(__func__);
  *context_id = standin::the_context;
  return ROCPROFILER_STATUS_SUCCESS;
}

rocprofiler_status_t rocprofiler_start_context(rocprofiler_context_id_t) {
  standin::refuse_after_finalize(__func__);
  {
    const std::lock_guard lock(standin::state().mutex);
    if (standin::state().started) return ROCPROFILER_STATUS_SUCCESS;
    standin::state().started = true;
  }
  std::thread(standin::deliver_periodically).detach();
  return ROCPROFILER_STATUS_SUCCESS;
}

rocprofiler_status_t rocprofiler_configure_callback_tracing_service(rocprofiler_context_id_t,
                                                                    rocprofiler_callback_tracing_kind_t kind,
                                                                    const rocprofiler_tracing_operation_t*, size_t,
                                                                    rocprofiler_callback_tracing_cb_t callback,
                                                                    void* callback_args) {
  standin::refuse_after_finalize(__func__);
  if (kind != ROCPROFILER_CALLBACK_TRACING_HIP_RUNTIME_API) return ROCPROFILER_STATUS_ERROR_KIND_NOT_FOUND;
  const std::lock_guard lock(standin::state().mutex);
  standin::state().hip_callback = callback;
  standin::state().hip_callback_data = callback_args;
  return ROCPROFILER_STATUS_SUCCESS;
}

rocprofiler_status_t rocprofiler_create_buffer(rocprofiler_context_id_t, size_t, size_t, rocprofiler_buffer_policy_t,
                                               rocprofiler_buffer_tracing_cb_t callback, void* callback_data,
                                               rocprofiler_buffer_id_t* buffer_id) {
  standin::refuse_after_finalize(__func__);
  const std::lock_guard lock(standin::state().mutex);
  standin::state().buffer_callback = callback;
  standin::state().buffer_callback_data = callback_data;
  *buffer_id = standin::the_buffer;
  return ROCPROFILER_STATUS_SUCCESS;
}

rocprofiler_status_t rocprofiler_configure_buffer_tracing_service(rocprofiler_context_id_t,
                                                                  rocprofiler_buffer_tracing_kind_t kind,
                                                                  const rocprofiler_tracing_operation_t*, size_t,
                                                                  rocprofiler_buffer_id_t) {
  standin::refuse_after_finalize(__func__);
  const std::lock_guard lock(standin::state().mutex);
  if (kind == ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH)
    standin::state().kernels_traced = true;
  else if (kind == ROCPROFILER_BUFFER_TRACING_MEMORY_COPY)
    standin::state().copies_traced = true;
  else
    return ROCPROFILER_STATUS_ERROR_KIND_NOT_FOUND;
  return ROCPROFILER_STATUS_SUCCESS;
}

rocprofiler_status_t rocprofiler_flush_buffer(rocprofiler_buffer_id_t) {
  standin::refuse_after_finalize(__func__);
  standin::deliver_completed();
  return ROCPROFILER_STATUS_SUCCESS;
}

rocprofiler_status_t rocprofiler_query_available_agents(rocprofiler_agent_version_t,
                                                        rocprofiler_query_available_agents_cb_t callback, size_t,
                                                        void* user_data) {
  standin::refuse_after_finalize(__func__);
  // Each rank of an MPI run gets GPUs of its own (PCI bus = rank + 1), unless STANDIN_HIP_SHARED_GPU=1.
  const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
  const char* shared = std::getenv("STANDIN_HIP_SHARED_GPU");
  const std::uint32_t bus = (shared && *shared == '1') || !rank ? 1u : static_cast<std::uint32_t>(std::atoi(rank) + 1);
  std::vector<rocprofiler_agent_v0_t> agents(1 + static_cast<std::size_t>(standin::gpu_count()));
  agents[0].size = sizeof agents[0];
  agents[0].id.handle = standin::cpu_agent;
  agents[0].type = ROCPROFILER_AGENT_TYPE_CPU;
  for (std::size_t gpu = 1; gpu < agents.size(); ++gpu) {
    agents[gpu].size = sizeof agents[gpu];
    agents[gpu].id.handle = standin::first_gpu_agent + gpu - 1;
    agents[gpu].type = ROCPROFILER_AGENT_TYPE_GPU;
    agents[gpu].location_id = (bus << 8) | static_cast<std::uint32_t>(gpu - 1); // bus, device, function 0
  }
  std::vector<const void*> pointers;
  for (const auto& agent : agents)
    pointers.push_back(&agent);
  return callback(ROCPROFILER_AGENT_INFO_VERSION_0, pointers.data(), pointers.size(), user_data);
}

// A clock read, which rocprofiler-sdk answers after its finalization too.
rocprofiler_status_t rocprofiler_get_timestamp(rocprofiler_timestamp_t* ts) {
  *ts = standin::now_ns();
  return ROCPROFILER_STATUS_SUCCESS;
}

const char* rocprofiler_get_status_string(rocprofiler_status_t) { return "stand-in rocprofiler-sdk"; }

} // extern "C"
