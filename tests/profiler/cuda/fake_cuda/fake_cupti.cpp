// SPDX-License-Identifier: BSD-3-Clause
// The CUPTI half of the fake libcupti.so: the functions of CUPTI that tally calls, with the real
// prototypes. Activity kinds, pending records, the client's buffers and their delivery, the
// client's clock, and the one callback subscriber. Records are the real CUPTI structs, each at
// an 8-byte-aligned address of the buffer. Delivery follows CUPTI's documentation ("Flushing of
// the activity buffers"): records take their place in queue order, a buffer holding a record
// still in progress is withheld with everything behind it, and only a forced flush hands such a
// record over, in progress (end timestamp 0), never to deliver it again. Full buffers are handed
// over on a worker thread of the fake's own, flushes on the flushing thread.
#include "fake_cupti.hpp"

#include <atomic>
#include <bitset>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <thread>
#include <vector>

namespace fake_cuda {
namespace {

using Lock = std::unique_lock<std::mutex>;

constexpr std::uintptr_t record_alignment = 8;

struct PendingRecord {
  std::uint64_t end_ns;
  std::size_t size;
  alignas(record_alignment) std::uint8_t bytes[max_record_bytes];
};

struct Buffer {
  std::uint8_t* data = nullptr;
  std::size_t size = 0;
  std::size_t valid = 0; // bytes up to the end of the last record
  std::size_t records = 0;
  std::size_t max_records = 0; // 0: as many as fit
};

struct State {
  std::mutex mutex;
  // Buffers are filled and handed over by one thread at a time, as by CUPTI's one worker
  // thread. That thread owns `current` and calls the buffer callbacks without the mutex, since
  // the completed callback calls cuptiActivityGetNextRecord and ...GetNumDroppedRecords.
  bool delivering = false;
  std::condition_variable delivery_done;
  Buffer current;
  CUpti_BuffersCallbackRequestFunc buffer_requested = nullptr;
  CUpti_BuffersCallbackCompleteFunc buffer_completed = nullptr;
  CUpti_TimestampCallbackFunc timestamp = nullptr;
  std::bitset<CUPTI_ACTIVITY_KIND_COUNT> enabled;
  std::vector<PendingRecord> pending; // in queue order
  std::size_t dropped = 0;            // since the last cuptiActivityGetNumDroppedRecords
  std::uint32_t flush_period_ms = 0;  // kept, not acted upon: no worker thread
  bool subscribed = false;
  CUpti_CallbackFunc callback = nullptr;
  void* userdata = nullptr;
  std::bitset<CUPTI_CB_DOMAIN_SIZE> domains;
};

// Never destroyed: clients flush and unsubscribe from their own exit handlers, which may run
// after this library's static destructors.
State& state() {
  static State& instance = *new State;
  return instance;
}

// The thread that owns the buffers, while it calls the client: a flush from there would wait for itself.
thread_local bool delivering_here = false;

CUpti_SubscriberHandle subscriber_handle() { return reinterpret_cast<CUpti_SubscriberHandle>(&state()); }

std::uintptr_t align_up(std::uintptr_t address) { return (address + record_alignment - 1) & ~(record_alignment - 1); }

bool append(Buffer& buffer, const PendingRecord& record) {
  if (!buffer.data || (buffer.max_records > 0 && buffer.records == buffer.max_records)) return false;
  const auto base = reinterpret_cast<std::uintptr_t>(buffer.data);
  const std::size_t offset = align_up(base + buffer.valid) - base;
  if (offset + record.size > buffer.size) return false;
  std::memcpy(buffer.data + offset, record.bytes, record.size);
  buffer.valid = offset + record.size;
  ++buffer.records;
  return true;
}

Buffer request_buffer(CUpti_BuffersCallbackRequestFunc requested) {
  Buffer buffer;
  requested(&buffer.data, &buffer.size, &buffer.max_records);
  if (!buffer.data) buffer = {};
  return buffer;
}

void hand_over(Buffer& buffer, CUpti_BuffersCallbackCompleteFunc completed) {
  completed(nullptr, 0, buffer.data, buffer.size, buffer.valid);
  buffer = {};
}

// A record still running at a forced flush, as CUPTI hands it over: no end timestamp, and no
// start either if it has not started.
template <class Record> void clear_times(PendingRecord& pending, std::uint64_t now) {
  Record record;
  std::memcpy(&record, pending.bytes, sizeof record);
  if (record.start > now) record.start = 0;
  record.end = 0;
  std::memcpy(pending.bytes, &record, sizeof record);
}

void mark_in_progress(PendingRecord& pending, std::uint64_t now) {
  CUpti_ActivityKind kind{};
  std::memcpy(&kind, pending.bytes, sizeof kind);
  switch (kind) {
  case CUPTI_ACTIVITY_KIND_KERNEL:
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: clear_times<KernelRecord>(pending, now); break;
  case CUPTI_ACTIVITY_KIND_MEMCPY: clear_times<MemcpyRecord>(pending, now); break;
  case CUPTI_ACTIVITY_KIND_MEMSET: clear_times<MemsetRecord>(pending, now); break;
  default: break;
  }
}

enum class Delivery { full_buffers, flush, forced_flush };

// Moves the records that may go into buffers in queue order (all when forced, else those before
// the first one still in progress), and hands over the full buffers and, at a flush, the last one.
CUptiResult deliver(Delivery mode) {
  State& s = state();
  const std::uint64_t now = now_ns();
  Lock lock(s.mutex);
  if (!s.buffer_requested || !s.buffer_completed) {
    return mode == Delivery::full_buffers ? CUPTI_SUCCESS : CUPTI_ERROR_INVALID_OPERATION;
  }
  if (delivering_here) return mode == Delivery::full_buffers ? CUPTI_SUCCESS : CUPTI_ERROR_INVALID_OPERATION;
  if (mode == Delivery::full_buffers) {
    if (s.delivering) return CUPTI_SUCCESS; // they stay pending: a runtime call never waits here
  } else {
    s.delivery_done.wait(lock, [&] { return !s.delivering; });
  }
  s.delivering = true;
  const auto last_ready =
      mode == Delivery::forced_flush
          ? s.pending.end()
          : std::find_if(s.pending.begin(), s.pending.end(), [&](const PendingRecord& r) { return r.end_ns > now; });
  std::vector<PendingRecord> ready(s.pending.begin(), last_ready);
  s.pending.erase(s.pending.begin(), last_ready);
  for (PendingRecord& record : ready)
    if (record.end_ns > now) mark_in_progress(record, now);
  const auto requested = s.buffer_requested;
  const auto completed = s.buffer_completed;
  lock.unlock();

  delivering_here = true;
  for (const PendingRecord& record : ready) {
    if (append(s.current, record)) continue;
    if (s.current.data) hand_over(s.current, completed);
    s.current = request_buffer(requested);
    if (!append(s.current, record)) { // no buffer, or one too small for a record
      const Lock count(s.mutex);
      ++s.dropped;
    }
  }
  if (mode != Delivery::full_buffers && s.current.data) hand_over(s.current, completed);
  delivering_here = false;

  lock.lock();
  s.delivering = false;
  lock.unlock();
  s.delivery_done.notify_all();
  return CUPTI_SUCCESS;
}

} // namespace

std::size_t record_bytes(CUpti_ActivityKind kind) {
  switch (kind) {
  case CUPTI_ACTIVITY_KIND_KERNEL:
  case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: return sizeof(KernelRecord);
  case CUPTI_ACTIVITY_KIND_MEMCPY: return sizeof(MemcpyRecord);
  case CUPTI_ACTIVITY_KIND_MEMSET: return sizeof(MemsetRecord);
  case CUPTI_ACTIVITY_KIND_DEVICE: return sizeof(DeviceRecord);
  default: return 0;
  }
}

std::uint64_t now_ns() {
  CUpti_TimestampCallbackFunc timestamp = nullptr;
  {
    const Lock lock(state().mutex);
    timestamp = state().timestamp;
  }
  if (timestamp) return timestamp(); // the client's code, so outside the lock
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(now.tv_nsec);
}

std::unique_lock<std::mutex> lock_state() { return Lock(state().mutex); }

bool kind_enabled(const std::unique_lock<std::mutex>&, CUpti_ActivityKind kind) {
  return kind >= 0 && kind < CUPTI_ACTIVITY_KIND_COUNT && state().enabled.test(kind);
}

void add_record(const std::unique_lock<std::mutex>&, const void* record, std::size_t size, std::uint64_t end_ns) {
  PendingRecord& pending = state().pending.emplace_back();
  pending.end_ns = end_ns;
  pending.size = std::min(size, max_record_bytes);
  std::memcpy(pending.bytes, record, pending.size);
}

// CUPTI's worker: hands over full buffers on a thread of its own, never the application's.
// Detached and never stopped, like the state it uses: exit handlers may still queue work.
void deliver_full_buffers() {
  struct Worker {
    std::mutex mutex;
    std::condition_variable wake;
    bool work = false;
  };
  static Worker& worker = *new Worker;
  static std::once_flag started;
  std::call_once(started, [] {
    std::thread([] {
      for (;;) {
        {
          Lock lock(worker.mutex);
          worker.wake.wait(lock, [] { return worker.work; });
          worker.work = false;
        }
        deliver(Delivery::full_buffers);
      }
    }).detach();
  });
  {
    const Lock lock(worker.mutex);
    worker.work = true;
  }
  worker.wake.notify_one();
}

void drop_records_in_progress() {
  const std::uint64_t now = now_ns();
  const Lock lock(state().mutex);
  std::erase_if(state().pending, [&](const PendingRecord& r) { return r.end_ns > now; });
}

void call_subscriber(CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
  CUpti_CallbackFunc callback = nullptr;
  void* userdata = nullptr;
  {
    const Lock lock(state().mutex);
    const State& s = state();
    if (!s.subscribed || domain <= CUPTI_CB_DOMAIN_INVALID || domain >= CUPTI_CB_DOMAIN_SIZE ||
        !s.domains.test(domain)) {
      return;
    }
    callback = s.callback;
    userdata = s.userdata;
  }
  if (callback) callback(userdata, domain, id, data);
}

namespace {

std::atomic<bool> cupti_ended{false};

/// Aborts, naming the call, when the runtime's teardown has ended CUPTI.
void require_cupti(const char* call) {
  if (!cupti_ended.load()) return;
  std::fprintf(stderr, "fake_cupti: %s called after the CUDA runtime's teardown at exit (real CUPTI crashes)\n", call);
  std::abort();
}

} // namespace

void end_cupti() { cupti_ended.store(true); }

} // namespace fake_cuda

using fake_cuda::require_cupti;
using fake_cuda::state;

extern "C" {

CUptiResult CUPTIAPI cuptiActivityRegisterTimestampCallback(CUpti_TimestampCallbackFunc funcTimestamp) {
  if (!funcTimestamp) return CUPTI_ERROR_INVALID_PARAMETER;
  const std::lock_guard lock(state().mutex);
  state().timestamp = funcTimestamp;
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityRegisterCallbacks(CUpti_BuffersCallbackRequestFunc funcBufferRequested,
                                                    CUpti_BuffersCallbackCompleteFunc funcBufferCompleted) {
  if (!funcBufferRequested || !funcBufferCompleted) return CUPTI_ERROR_INVALID_PARAMETER;
  const std::lock_guard lock(state().mutex);
  state().buffer_requested = funcBufferRequested;
  state().buffer_completed = funcBufferCompleted;
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityEnable(CUpti_ActivityKind kind) {
  require_cupti("cuptiActivityEnable");
  if (kind <= CUPTI_ACTIVITY_KIND_INVALID || kind >= CUPTI_ACTIVITY_KIND_COUNT) return CUPTI_ERROR_INVALID_KIND;
  const std::lock_guard lock(state().mutex);
  state().enabled.set(kind);
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityDisable(CUpti_ActivityKind kind) {
  require_cupti("cuptiActivityDisable");
  if (kind <= CUPTI_ACTIVITY_KIND_INVALID || kind >= CUPTI_ACTIVITY_KIND_COUNT) return CUPTI_ERROR_INVALID_KIND;
  const std::lock_guard lock(state().mutex);
  state().enabled.reset(kind);
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiActivityFlushAll(uint32_t flag) {
  require_cupti("cuptiActivityFlushAll");
  using fake_cuda::Delivery;
  return fake_cuda::deliver((flag & CUPTI_ACTIVITY_FLAG_FLUSH_FORCED) ? Delivery::forced_flush : Delivery::flush);
}

CUptiResult CUPTIAPI cuptiActivityFlushPeriod(uint32_t time) {
  const std::lock_guard lock(state().mutex);
  state().flush_period_ms = time;
  return CUPTI_SUCCESS;
}

// Walks a buffer as deliver() wrote it; needs no lock, the buffer is the client's.
CUptiResult CUPTIAPI cuptiActivityGetNextRecord(uint8_t* buffer, size_t validBufferSizeBytes, CUpti_Activity** record) {
  if (!buffer || !record) return CUPTI_ERROR_INVALID_PARAMETER;
  const auto base = reinterpret_cast<std::uintptr_t>(buffer);
  const std::uintptr_t end = base + validBufferSizeBytes;
  std::uintptr_t next = base;
  if (*record) {
    const std::size_t previous = fake_cuda::record_bytes((*record)->kind);
    if (previous == 0) return CUPTI_ERROR_INVALID_KIND;
    next = reinterpret_cast<std::uintptr_t>(*record) + previous;
  }
  next = fake_cuda::align_up(next);
  if (next + sizeof(CUpti_Activity) > end) return CUPTI_ERROR_MAX_LIMIT_REACHED;
  CUpti_ActivityKind kind{};
  std::memcpy(&kind, reinterpret_cast<const void*>(next), sizeof kind);
  const std::size_t size = fake_cuda::record_bytes(kind);
  if (size == 0 || next + size > end) return CUPTI_ERROR_INVALID_KIND;
  *record = reinterpret_cast<CUpti_Activity*>(next);
  return CUPTI_SUCCESS;
}

// One count for the whole process: the fake has no per-context queues.
CUptiResult CUPTIAPI cuptiActivityGetNumDroppedRecords(CUcontext, uint32_t, size_t* dropped) {
  if (!dropped) return CUPTI_ERROR_INVALID_PARAMETER;
  const std::lock_guard lock(state().mutex);
  *dropped = state().dropped;
  state().dropped = 0;
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiGetResultString(CUptiResult result, const char** str) {
  if (!str) return CUPTI_ERROR_INVALID_PARAMETER;
  switch (result) {
  case CUPTI_SUCCESS: *str = "CUPTI_SUCCESS"; break;
  case CUPTI_ERROR_INVALID_PARAMETER: *str = "CUPTI_ERROR_INVALID_PARAMETER"; break;
  case CUPTI_ERROR_INVALID_OPERATION: *str = "CUPTI_ERROR_INVALID_OPERATION"; break;
  case CUPTI_ERROR_MAX_LIMIT_REACHED: *str = "CUPTI_ERROR_MAX_LIMIT_REACHED"; break;
  case CUPTI_ERROR_INVALID_KIND: *str = "CUPTI_ERROR_INVALID_KIND"; break;
  case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: *str = "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED"; break;
  default: *str = "CUPTI_ERROR_UNKNOWN (fake CUPTI)"; break;
  }
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiSubscribe(CUpti_SubscriberHandle* subscriber, CUpti_CallbackFunc callback, void* userdata) {
  if (!subscriber) return CUPTI_ERROR_INVALID_PARAMETER;
  const std::lock_guard lock(state().mutex);
  if (state().subscribed) return CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED;
  state().subscribed = true;
  state().callback = callback;
  state().userdata = userdata;
  state().domains.reset();
  *subscriber = fake_cuda::subscriber_handle();
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiEnableDomain(uint32_t enable, CUpti_SubscriberHandle subscriber,
                                       CUpti_CallbackDomain domain) {
  if (domain <= CUPTI_CB_DOMAIN_INVALID || domain >= CUPTI_CB_DOMAIN_SIZE) return CUPTI_ERROR_INVALID_PARAMETER;
  const std::lock_guard lock(state().mutex);
  if (!state().subscribed || subscriber != fake_cuda::subscriber_handle()) return CUPTI_ERROR_INVALID_PARAMETER;
  state().domains.set(domain, enable != 0);
  return CUPTI_SUCCESS;
}

CUptiResult CUPTIAPI cuptiUnsubscribe(CUpti_SubscriberHandle subscriber) {
  require_cupti("cuptiUnsubscribe");
  const std::lock_guard lock(state().mutex);
  if (!state().subscribed || subscriber != fake_cuda::subscriber_handle()) return CUPTI_ERROR_INVALID_PARAMETER;
  state().subscribed = false;
  state().callback = nullptr;
  state().userdata = nullptr;
  state().domains.reset();
  return CUPTI_SUCCESS;
}
}
