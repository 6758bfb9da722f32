// The C interface between libtally.so and libtally_cupti.so. The preload library never links
// CUPTI: it dlopens libtally_cupti.so only once the program uses CUDA, looks these symbols up,
// and hands in a sink that feeds its DeviceTimeline.
#pragma once

#include "cuda/device_activity.hpp"

#include <cstddef>
#include <cstdint>

extern "C" {

/// Where converted activity goes. The functions are called on CUPTI's own threads, so they
/// must be thread-safe; they must not call back into CUPTI.
struct TallyCuptiSink {
  void* context;
  /// A batch of records (at most a few hundred), in the order CUPTI delivered them.
  void (*on_records)(void* context, const tally::profiler::cuda::DeviceActivity* records, std::size_t count);
  /// A device's ordinal and its 16-byte UUID, once per device.
  void (*on_device)(void* context, std::uint32_t device, const std::uint8_t* uuid);
  /// The host clock in nanoseconds, the clock of the region windows. CUPTI takes every
  /// timestamp from it and maps GPU timestamps onto it.
  std::uint64_t (*now_ns)();
};

/// Registers the sink, CUPTI's buffer callbacks and clock, and enables kernel, memcpy,
/// memset and device records. Returns 0, or -1 with one line in `error` saying why not.
int tally_cupti_start(const TallyCuptiSink* sink, char* error, std::size_t error_size);
/// Delivers every completed record to the sink before returning (cuptiActivityFlushAll).
/// `forced` non-zero also flushes buffers that are not full yet at the end of the run.
void tally_cupti_flush(int forced);
/// Flushes (forced) and disables activity collection; the sink is not called afterwards.
void tally_cupti_stop();
/// Records CUPTI had to drop because no buffer was free, since start.
std::uint64_t tally_cupti_dropped_records();
}

namespace tally::profiler::cuda {

inline constexpr const char* cupti_library_name = "libtally_cupti.so";
using CuptiStart = int (*)(const TallyCuptiSink*, char*, std::size_t);
using CuptiFlush = void (*)(int);
using CuptiStop = void (*)();
using CuptiDroppedRecords = std::uint64_t (*)();

} // namespace tally::profiler::cuda
