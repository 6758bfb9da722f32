// SPDX-License-Identifier: BSD-3-Clause
// libtally_cupti.so: CUPTI driven for the profiler. The CUDA driver loads it at cuInit
// (CUDA_INJECTION64_PATH) and calls InitializeInjection, which hands its functions to
// libtally.so. Activity: CUPTI asks for buffers, fills them on the device's behalf and hands them
// back on its own thread; each record is converted and passed to the sink. Runtime-API
// callbacks: each CUDA runtime call's entry (described by its arguments) and exit, on the calling
// thread, go to the sink.
#include "cuda/cupti_records.hpp"
#include "cuda/cupti_sink.hpp"
#include "cuda/runtime_calls.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace {

using tally::profiler::DeviceActivity;

// 1 MiB buffers: about 4000 kernel records each. CUPTI asks for more when it needs them.
constexpr std::size_t buffer_bytes = std::size_t{1} << 20;
constexpr std::size_t buffer_alignment = 8;
constexpr std::size_t batch_size = 256;

// Written once by tally_cupti_start before CUPTI is enabled, read by CUPTI's threads.
TallyCuptiSink sink{};
std::atomic<bool> running{false};
std::atomic<std::uint64_t> dropped{0};
CUpti_SubscriberHandle subscriber = nullptr;

// The program's exit has begun, and with it the CUDA runtime's teardown, which tears CUPTI down
// too: on an H100 (CUDA 13.0, driver 580) cuptiActivityDisable made from libtally.so's destructor,
// after the runtime's exit handler, crashed the program. From then on nothing calls CUPTI but the
// context-destruction callback, which CUPTI makes itself while it still stands.
std::atomic<bool> exit_begun{false};
std::atomic<bool> exit_handler_registered{false};

/// Registered at the end of the first runtime call, after the runtime registered its own exit
/// handler, so it runs before the runtime's teardown (exit handlers run last registered, first):
/// it delivers what has completed while CUPTI still stands.
void on_exit_begun() {
  if (running.load(std::memory_order_acquire)) cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  exit_begun.store(true, std::memory_order_release);
}

std::uint64_t CUPTIAPI timestamp() { return sink.now_ns(); }

void CUPTIAPI on_buffer_requested(std::uint8_t** buffer, std::size_t* size, std::size_t* max_records) {
  *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(buffer_alignment, buffer_bytes));
  *size = *buffer ? buffer_bytes : 0;
  *max_records = 0; // as many as fit
}

void CUPTIAPI on_buffer_completed(CUcontext context, std::uint32_t stream, std::uint8_t* buffer, std::size_t,
                                  std::size_t valid_size) {
  if (running.load(std::memory_order_acquire)) {
    // Only a forced flush (the end of the run, a context being destroyed) hands over an operation
    // still running, with a start and no end, and never again: it counts until now, the last
    // moment it is known to have run; the run or its context ends here.
    const std::uint64_t completed_ns = sink.now_ns();
    DeviceActivity batch[batch_size];
    std::size_t count = 0;
    CUpti_Activity* record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, valid_size, &record) == CUPTI_SUCCESS) {
      if (auto activity = tally::profiler::cuda::to_device_activity(*record)) {
        if (activity->begin_ns != 0 && activity->end_ns == 0)
          activity->end_ns = std::max(completed_ns, activity->begin_ns);
        batch[count++] = *activity;
        if (count == batch_size) {
          sink.on_records(sink.context, batch, count);
          count = 0;
        }
      } else if (const auto identity = tally::profiler::cuda::to_device_identity(*record)) {
        sink.on_device(sink.context, identity->first, identity->second.data());
      }
    }
    if (count > 0) sink.on_records(sink.context, batch, count);
  }
  std::size_t lost = 0;
  if (cuptiActivityGetNumDroppedRecords(context, stream, &lost) == CUPTI_SUCCESS) dropped += lost;
  std::free(buffer);
}

void CUPTIAPI on_callback(void*, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
  if (!running.load(std::memory_order_acquire)) return;
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
    const auto* call = static_cast<const CUpti_CallbackData*>(data);
    if (call->callbackSite == CUPTI_API_ENTER) {
      const TallyRuntimeCall described = tally::profiler::cuda::describe_runtime_call(id, call->functionParams);
      sink.on_runtime_enter(&described);
    } else {
      sink.on_runtime_exit();
      if (!exit_handler_registered.load(std::memory_order_relaxed) && !exit_handler_registered.exchange(true))
        std::atexit(on_exit_begun);
    }
  } else if (domain == CUPTI_CB_DOMAIN_RESOURCE && id == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING) {
    // The records of a context still in CUPTI's buffers are lost with the context (a program
    // that resets its device, or the runtime's teardown at exit): deliver them first.
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  }
}

int fail(char* error, std::size_t error_size, const char* call, CUptiResult status) {
  const char* reason = nullptr;
  if (cuptiGetResultString(status, &reason) != CUPTI_SUCCESS || !reason) reason = "unknown error";
  if (error && error_size > 0) std::snprintf(error, error_size, "%s: %s", call, reason);
  return -1;
}

} // namespace

extern "C" {

int tally_cupti_start(const TallyCuptiSink* new_sink, char* error, std::size_t error_size) {
  if (!new_sink || !new_sink->on_records || !new_sink->on_device || !new_sink->now_ns || !new_sink->on_runtime_enter ||
      !new_sink->on_runtime_exit) {
    if (error && error_size > 0) std::snprintf(error, error_size, "tally_cupti_start: incomplete sink");
    return -1;
  }
  sink = *new_sink;
  // The clock first: records made before it would carry CUPTI's own clock.
  if (const auto status = cuptiActivityRegisterTimestampCallback(timestamp); status != CUPTI_SUCCESS) {
    return fail(error, error_size, "cuptiActivityRegisterTimestampCallback", status);
  }
  if (const auto status = cuptiActivityRegisterCallbacks(on_buffer_requested, on_buffer_completed);
      status != CUPTI_SUCCESS) {
    return fail(error, error_size, "cuptiActivityRegisterCallbacks", status);
  }
  if (const auto status = cuptiSubscribe(&subscriber, on_callback, nullptr); status != CUPTI_SUCCESS) {
    return fail(error, error_size, "cuptiSubscribe", status);
  }
  for (const CUpti_CallbackDomain domain : {CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_CB_DOMAIN_RESOURCE}) {
    if (const auto status = cuptiEnableDomain(1, subscriber, domain); status != CUPTI_SUCCESS) {
      cuptiUnsubscribe(subscriber);
      return fail(error, error_size, "cuptiEnableDomain", status);
    }
  }
  running.store(true, std::memory_order_release);
  for (const CUpti_ActivityKind kind : tally::profiler::cuda::cupti_kinds) {
    if (const auto status = cuptiActivityEnable(kind); status != CUPTI_SUCCESS) {
      tally_cupti_stop();
      return fail(error, error_size, "cuptiActivityEnable", status);
    }
  }
  return 0;
}

void tally_cupti_flush(int forced) {
  if (exit_begun.load(std::memory_order_acquire)) return;
  cuptiActivityFlushAll(forced ? CUPTI_ACTIVITY_FLAG_FLUSH_FORCED : 0);
}

void tally_cupti_stop() {
  if (!running.load(std::memory_order_acquire)) return;
  if (exit_begun.load(std::memory_order_acquire)) {
    running.store(false, std::memory_order_release);
    return;
  }
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  for (const CUpti_ActivityKind kind : tally::profiler::cuda::cupti_kinds)
    cuptiActivityDisable(kind);
  cuptiUnsubscribe(subscriber);
  running.store(false, std::memory_order_release);
}

std::uint64_t tally_cupti_dropped_records() { return dropped.load(); }

/// Called by the CUDA driver at cuInit when CUDA_INJECTION64_PATH names this library. 1 is
/// success for the driver; a process without libtally.so (or not measured) just goes on.
int InitializeInjection() {
  static const TallyCuptiFunctions functions{tally::profiler::cuda::cupti_abi_version,
                                             sizeof(TallyCuptiFunctions),
                                             tally_cupti_start,
                                             tally_cupti_flush,
                                             tally_cupti_stop,
                                             tally_cupti_dropped_records};
  if (void* attach = dlsym(RTLD_DEFAULT, tally::profiler::cuda::attach_symbol)) {
    reinterpret_cast<decltype(&tally_cupti_attach)>(attach)(&functions);
  }
  return 1;
}
}
