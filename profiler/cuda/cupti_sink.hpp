// SPDX-License-Identifier: BSD-3-Clause
// The C interface between libtally.so and libtally_cupti.so. The preload library never links
// CUPTI: it names libtally_cupti.so in CUDA_INJECTION64_PATH, the CUDA driver loads it when the
// program initialises CUDA, and its InitializeInjection hands libtally.so these functions. The
// two libraries can come from different builds (one copied over an install): the interface
// carries a version, checked when the library attaches.
#pragma once

#include "core/device_activity.hpp"

#include <cstddef>
#include <cstdint>

extern "C" {

/// What a CUDA runtime call is, for the region's counts.
enum TallyRuntimeCallKind : std::uint32_t {
  tally_runtime_call_other = 0,
  tally_runtime_call_kernel_launch = 1,
  tally_runtime_call_memory_copy = 2,
};

/// A CUDA runtime call as its arguments state it at entry (cuda/runtime_calls.hpp).
struct TallyRuntimeCall {
  std::uint32_t kind;      ///< TallyRuntimeCallKind
  std::uint32_t direction; ///< a copy's direction: its index in tally::model::device_copy_directions
  std::uint64_t bytes;     ///< the bytes a copy asks for
};

/// Where converted activity goes. on_records, on_device and now_ns are called on CUPTI's own
/// threads, so they must be thread-safe; none may call back into CUPTI.
struct TallyCuptiSink {
  void* context;
  /// A batch of records (at most a few hundred), in the order CUPTI delivered them.
  void (*on_records)(void* context, const tally::profiler::DeviceActivity* records, std::size_t count);
  /// A device's ordinal and its 16-byte UUID, once per device.
  void (*on_device)(void* context, std::uint32_t device, const std::uint8_t* uuid);
  /// The host clock in nanoseconds, the clock of the region windows. CUPTI takes every
  /// timestamp from it and maps GPU timestamps onto it.
  std::uint64_t (*now_ns)();
  /// The calling thread enters / leaves a CUDA runtime call (CUPTI's runtime-API callbacks, on
  /// the application's thread). Calls do not nest: the runtime does not call itself.
  void (*on_runtime_enter)(const TallyRuntimeCall* call);
  void (*on_runtime_exit)();
};

/// Registers the sink, CUPTI's buffer callbacks and clock, the runtime-API callbacks, and
/// enables kernel, memcpy, memset and device records. Returns 0, or -1 with one line in `error`
/// saying why not.
int tally_cupti_start(const TallyCuptiSink* sink, char* error, std::size_t error_size);
/// Delivers every completed record to the sink before returning (cuptiActivityFlushAll).
/// `forced` non-zero also flushes buffers that are not full yet at the end of the run.
void tally_cupti_flush(int forced);
/// Flushes (forced), disables activity collection and the runtime-API callbacks; the sink is
/// not called afterwards.
void tally_cupti_stop();
/// Records CUPTI had to drop because no buffer was free, since start.
std::uint64_t tally_cupti_dropped_records();

/// The functions of libtally_cupti.so, as its InitializeInjection hands them over. The first two
/// fields never move, whatever the version: they are all libtally.so reads of an unknown one.
struct TallyCuptiFunctions {
  std::uint32_t abi_version; ///< tally::profiler::cuda::cupti_abi_version of the library's build
  std::uint32_t struct_size; ///< sizeof(TallyCuptiFunctions) in the library's build
  int (*start)(const TallyCuptiSink* sink, char* error, std::size_t error_size);
  void (*flush)(int forced);
  void (*stop)();
  std::uint64_t (*dropped_records)();
};

/// Exported by libtally.so, looked up by libtally_cupti.so in the global scope when the driver
/// loads it: libtally.so starts CUPTI through `functions` if this process is measured.
/// Returns 0 when it did, -1 when the process is not measured, the library speaks another
/// version of this interface, or CUPTI refused (one warning for the last two).
int tally_cupti_attach(const TallyCuptiFunctions* functions);
}

namespace tally::profiler::cuda {

/// The version of this whole interface: both structs, the functions and what they mean. Raise it
/// with any change; a library of another version is refused at attach, and CUDA goes unmeasured.
inline constexpr std::uint32_t cupti_abi_version = 2;

inline constexpr const char* cupti_library_name = "libtally_cupti.so";
inline constexpr const char* attach_symbol = "tally_cupti_attach";

} // namespace tally::profiler::cuda
