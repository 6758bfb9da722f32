// SPDX-License-Identifier: BSD-3-Clause
// The CUDA runtime half of the fake libcupti.so: the driver's tool injection at init, devices
// and their UUIDs, streams as queues of timed operations, and the host waiting in synchronous
// calls. Each call is traced like the real runtime's: the subscriber sees its entry and exit.
#include "fake_cuda.h"
#include "fake_cupti.hpp"

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <map>
#include <unistd.h>
#include <utility>

namespace fake_cuda {
namespace {

// Set once by initialize(); FAKE_CUDA_DEVICES.
int device_count = 1;

// The end of the last operation queued on each (device, stream), in ns of the record clock.
// Guarded by the fake's lock; never destroyed, for calls from exit handlers.
std::map<std::pair<int, int>, std::uint64_t>& stream_tails() {
  static auto& tails = *new std::map<std::pair<int, int>, std::uint64_t>;
  return tails;
}

long env_number(const char* name, long fallback) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return *end == '\0' ? value : fallback;
}

// "fake" (so never all zeros), who sees the GPU (0: every process of the node, 1: one MPI rank,
// 2: one process), the ordinal, and the rank or pid; little-endian.
CUuuid uuid_of(int device) {
  std::uint8_t owner_kind = 0;
  long owner = 0;
  if (env_number("FAKE_CUDA_SHARED_GPU", 0) != 1) {
    owner = env_number("OMPI_COMM_WORLD_RANK", env_number("PMI_RANK", -1));
    owner_kind = owner >= 0 ? 1 : 2;
    if (owner < 0) owner = static_cast<long>(getpid());
  }
  CUuuid uuid{};
  std::memcpy(uuid.bytes, "fake", 4);
  uuid.bytes[4] = static_cast<char>(owner_kind);
  for (int i = 0; i < 4; ++i) {
    uuid.bytes[5 + i] = static_cast<char>((static_cast<unsigned>(device) >> (8 * i)) & 0xff);
    uuid.bytes[9 + i] = static_cast<char>((static_cast<unsigned long>(owner) >> (8 * i)) & 0xff);
  }
  return uuid;
}

// The driver loads the tool named by CUDA_INJECTION64_PATH and calls its entry point; its
// return value is not checked (CUPTI's samples return 1).
int inject_tool() {
  const char* path = std::getenv("CUDA_INJECTION64_PATH");
  if (!path || !*path) return 0;
  void* tool = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!tool) {
    std::fprintf(stderr, "fake_cuda: cannot load CUDA_INJECTION64_PATH: %s\n", dlerror());
    return -1;
  }
  void* entry = dlsym(tool, "InitializeInjection");
  if (!entry) {
    std::fprintf(stderr, "fake_cuda: %s has no InitializeInjection\n", path);
    return -1;
  }
  reinterpret_cast<int (*)()>(entry)();
  return 0;
}

// The runtime's own exit handler, registered at its start and so run before the exit handlers
// of libraries loaded earlier (libtally.so's): each primary context is destroyed, tools hear of
// it first, and what still runs on the device is never recorded.
void destroy_contexts() {
  for (int device = 0; device < device_count; ++device) {
    CUpti_ResourceData data{};
    call_subscriber(CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING, &data);
  }
  drop_records_in_progress();
  end_cupti();
}

int initialize() {
  int result = 0;
  device_count = static_cast<int>(env_number("FAKE_CUDA_DEVICES", 1));
  if (device_count < 1) {
    std::fprintf(stderr, "fake_cuda: FAKE_CUDA_DEVICES=%s is not a device count; using 1\n",
                 std::getenv("FAKE_CUDA_DEVICES"));
    device_count = 1;
    result = -1;
  }
  if (inject_tool() != 0) result = -1;
  {
    const auto lock = lock_state();
    if (kind_enabled(lock, CUPTI_ACTIVITY_KIND_DEVICE)) {
      for (int device = 0; device < device_count; ++device) {
        DeviceRecord record{};
        record.kind = CUPTI_ACTIVITY_KIND_DEVICE;
        record.id = static_cast<std::uint32_t>(device);
        record.uuid = uuid_of(device);
        add_record(lock, &record, sizeof record, 0);
      }
    }
  }
  // The runtime creates a primary context per device; tools hear of it in the resource domain.
  for (int device = 0; device < device_count; ++device) {
    CUpti_ResourceData data{};
    call_subscriber(CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_CONTEXT_CREATED, &data);
  }
  deliver_full_buffers();
  std::atexit(destroy_contexts);
  return result;
}

// One runtime call as CUPTI's runtime-API callbacks see it: entry when constructed, exit when
// destroyed, on the calling thread, with the data real CUPTI fills that a tool may read.
class TracedCall {
public:
  /// `arguments`: the call's argument struct of generated_cuda_runtime_api_meta.h, as CUPTI
  /// passes it in functionParams.
  TracedCall(CUpti_CallbackId id, const char* function, const char* symbol, int device, const void* arguments = nullptr)
      : id_(id) {
    static std::atomic<std::uint32_t> next_correlation{1};
    data_.callbackSite = CUPTI_API_ENTER;
    data_.functionName = function;
    data_.functionParams = arguments;
    data_.functionReturnValue = &result_;
    data_.symbolName = symbol;
    data_.contextUid = static_cast<std::uint32_t>(device + 1);
    data_.correlationData = &correlation_data_;
    data_.correlationId = next_correlation++;
    call_subscriber(CUPTI_CB_DOMAIN_RUNTIME_API, id_, &data_);
  }
  ~TracedCall() {
    data_.callbackSite = CUPTI_API_EXIT;
    call_subscriber(CUPTI_CB_DOMAIN_RUNTIME_API, id_, &data_);
  }
  TracedCall(const TracedCall&) = delete;
  TracedCall& operator=(const TracedCall&) = delete;

private:
  CUpti_CallbackId id_;
  int result_ = 0; // cudaSuccess
  std::uint64_t correlation_data_ = 0;
  CUpti_CallbackData data_{};
};

enum class Operation { kernel, copy, memset };

// What the record of a copy says: its CUPTI kind and bytes.
struct CopyShape {
  CUpti_ActivityMemcpyKind kind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
  std::uint64_t bytes = 0;
};

CUpti_ActivityMemcpyKind activity_kind(cudaMemcpyKind kind) {
  switch (kind) {
  case cudaMemcpyHostToHost: return CUPTI_ACTIVITY_MEMCPY_KIND_HTOH;
  case cudaMemcpyDeviceToHost: return CUPTI_ACTIVITY_MEMCPY_KIND_DTOH;
  case cudaMemcpyDeviceToDevice: return CUPTI_ACTIVITY_MEMCPY_KIND_DTOD;
  case cudaMemcpyHostToDevice:
  case cudaMemcpyDefault: break; // the real runtime resolves a default copy; the fake says host to device
  }
  return CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
}

template <class Record>
Record timed_record(CUpti_ActivityKind kind, int device, int stream, std::uint64_t start, std::uint64_t end) {
  Record record{};
  record.kind = kind;
  record.deviceId = static_cast<std::uint32_t>(device);
  record.streamId = static_cast<std::uint32_t>(stream);
  record.start = start;
  record.end = end;
  return record;
}

// The record of an operation, if its kind is enabled; written at queue time with its future end.
void record_operation(const std::unique_lock<std::mutex>& lock, Operation operation, int device, int stream,
                      std::uint64_t start, std::uint64_t end, const CopyShape& shape) {
  switch (operation) {
  case Operation::kernel: {
    // Real CUPTI writes the same struct for both kernel kinds; the concurrent one wins.
    CUpti_ActivityKind kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
    if (!kind_enabled(lock, kind)) kind = CUPTI_ACTIVITY_KIND_KERNEL;
    if (!kind_enabled(lock, kind)) return;
    const auto record = timed_record<KernelRecord>(kind, device, stream, start, end);
    add_record(lock, &record, sizeof record, end);
    return;
  }
  case Operation::copy: {
    if (!kind_enabled(lock, CUPTI_ACTIVITY_KIND_MEMCPY)) return;
    auto record = timed_record<MemcpyRecord>(CUPTI_ACTIVITY_KIND_MEMCPY, device, stream, start, end);
    record.copyKind = shape.kind;
    record.bytes = shape.bytes;
    add_record(lock, &record, sizeof record, end);
    return;
  }
  case Operation::memset: {
    if (!kind_enabled(lock, CUPTI_ACTIVITY_KIND_MEMSET)) return;
    const auto record = timed_record<MemsetRecord>(CUPTI_ACTIVITY_KIND_MEMSET, device, stream, start, end);
    add_record(lock, &record, sizeof record, end);
    return;
  }
  }
}

bool valid_device(int device) {
  if (device >= 0 && device < device_count) return true;
  std::fprintf(stderr, "fake_cuda: device %d does not exist (FAKE_CUDA_DEVICES=%d)\n", device, device_count);
  return false;
}

// Queues an operation of `ms` behind what (device, stream) already holds; returns its end in ns
// of the record clock, or 0 for a device that does not exist.
std::uint64_t queue(Operation operation, int device, int stream, double ms, const CopyShape& shape = {}) {
  if (!valid_device(device) || stream < 0) return 0;
  const auto duration = static_cast<std::uint64_t>(std::llround(std::fmax(ms, 0.0) * 1e6));
  const std::uint64_t now = now_ns();
  std::uint64_t end = 0;
  {
    const auto lock = lock_state();
    std::uint64_t& tail = stream_tails()[{device, stream}];
    const std::uint64_t start = std::max(now, tail);
    end = start + duration;
    tail = end;
    record_operation(lock, operation, device, stream, start, end, shape);
  }
  deliver_full_buffers();
  return end;
}

// Sleeps until the record clock reaches `end_ns`. The record clock is assumed to be ns that
// advance like CLOCK_MONOTONIC (tally registers CLOCK_MONOTONIC): the sleep is computed on
// CLOCK_MONOTONIC from the distance still left on the record clock, read again after each sleep.
void wait_until(std::uint64_t end_ns) {
  for (std::uint64_t now = now_ns(); now < end_ns; now = now_ns()) {
    timespec deadline{};
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    const std::uint64_t left = end_ns - now;
    const std::uint64_t nanoseconds = static_cast<std::uint64_t>(deadline.tv_nsec) + left % 1'000'000'000u;
    deadline.tv_sec += static_cast<time_t>(left / 1'000'000'000u + nanoseconds / 1'000'000'000u);
    deadline.tv_nsec = static_cast<long>(nanoseconds % 1'000'000'000u);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) == EINTR) {
    }
  }
}

} // namespace
} // namespace fake_cuda

extern "C" {

int fake_cuda_init(void) {
  static std::once_flag once;
  static int result = 0;
  std::call_once(once, [] { result = fake_cuda::initialize(); });
  return result;
}

void fake_cuda_launch(int device, int stream, double kernel_ms) {
  fake_cuda_init();
  const fake_cuda::TracedCall call(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, "cudaLaunchKernel", "fake_kernel",
                                   device);
  fake_cuda::queue(fake_cuda::Operation::kernel, device, stream, kernel_ms);
}

void fake_cuda_memcpy_async(int device, int stream, double copy_ms) {
  fake_cuda_copy_async(device, stream, copy_ms, 0, cudaMemcpyHostToDevice);
}

void fake_cuda_memcpy(int device, int stream, double copy_ms) {
  fake_cuda_init();
  const cudaMemcpy_v3020_params arguments{nullptr, nullptr, 0, cudaMemcpyHostToDevice};
  const fake_cuda::TracedCall call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020, "cudaMemcpy", nullptr, device,
                                   &arguments);
  fake_cuda::wait_until(fake_cuda::queue(fake_cuda::Operation::copy, device, stream, copy_ms));
}

void fake_cuda_copy_async(int device, int stream, double copy_ms, unsigned long bytes, int kind) {
  fake_cuda_init();
  const auto copy_kind = static_cast<cudaMemcpyKind>(kind);
  const cudaMemcpyAsync_v3020_params arguments{nullptr, nullptr, bytes, copy_kind, nullptr};
  const fake_cuda::TracedCall call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020, "cudaMemcpyAsync", nullptr, device,
                                   &arguments);
  fake_cuda::queue(fake_cuda::Operation::copy, device, stream, copy_ms, {fake_cuda::activity_kind(copy_kind), bytes});
}

void fake_cuda_copy_peer_async(int device, int source, int stream, double copy_ms, unsigned long bytes) {
  fake_cuda_init();
  const cudaMemcpyPeerAsync_v4000_params arguments{nullptr, device, nullptr, source, bytes, nullptr};
  const fake_cuda::TracedCall call(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyPeerAsync_v4000, "cudaMemcpyPeerAsync", nullptr,
                                   device, &arguments);
  fake_cuda::queue(fake_cuda::Operation::copy, device, stream, copy_ms, {CUPTI_ACTIVITY_MEMCPY_KIND_PTOP, bytes});
}

void fake_cuda_memset(int device, int stream, double ms) {
  fake_cuda_init();
  const fake_cuda::TracedCall call(CUPTI_RUNTIME_TRACE_CBID_cudaMemsetAsync_v3020, "cudaMemsetAsync", nullptr, device);
  fake_cuda::queue(fake_cuda::Operation::memset, device, stream, ms);
}

void fake_cuda_host_call(double ms) {
  fake_cuda_init();
  const fake_cuda::TracedCall call(CUPTI_RUNTIME_TRACE_CBID_cudaMallocHost_v3020, "cudaMallocHost", nullptr, 0);
  fake_cuda::wait_until(fake_cuda::now_ns() + static_cast<std::uint64_t>(std::llround(std::fmax(ms, 0.0) * 1e6)));
}

void fake_cuda_synchronize(int device) {
  fake_cuda_init();
  const fake_cuda::TracedCall call(CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020, "cudaDeviceSynchronize",
                                   nullptr, device);
  if (!fake_cuda::valid_device(device)) return;
  std::uint64_t end = 0;
  {
    const auto lock = fake_cuda::lock_state();
    for (const auto& [key, tail] : fake_cuda::stream_tails())
      if (key.first == device) end = std::max(end, tail);
  }
  fake_cuda::wait_until(end);
}
}
