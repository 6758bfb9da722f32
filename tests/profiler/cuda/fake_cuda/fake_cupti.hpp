// SPDX-License-Identifier: BSD-3-Clause
// What the two halves of the fake libcupti.so share: the record types, the record clock, the one
// lock, the pending records and the subscriber's callbacks. The CUDA runtime half
// (fake_cuda_runtime.cpp) queues records; the CUPTI half (fake_cupti.cpp) delivers them.
#pragma once

#include "cuda/cupti_record_types.hpp"

#include <cupti.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace fake_cuda {

// The record versions tally's converter reads.
using tally::profiler::cuda::DeviceRecord;
using tally::profiler::cuda::KernelRecord;
using tally::profiler::cuda::MemcpyRecord;
using tally::profiler::cuda::MemsetRecord;

/// The largest record the fake writes, in bytes.
inline constexpr std::size_t max_record_bytes =
    std::max({sizeof(KernelRecord), sizeof(MemcpyRecord), sizeof(MemsetRecord), sizeof(DeviceRecord)});

/// The size in a buffer of a record of `kind`, or 0 for a kind the fake never writes.
std::size_t record_bytes(CUpti_ActivityKind kind);

/// The clock of the records in ns: the client's timestamp callback, else CLOCK_MONOTONIC.
std::uint64_t now_ns();

/// The one lock of the fake: CUPTI's state and the runtime's stream queues.
std::unique_lock<std::mutex> lock_state();

/// Whether records of `kind` are collected. `lock` is the fake's lock, held.
bool kind_enabled(const std::unique_lock<std::mutex>& lock, CUpti_ActivityKind kind);

/// Adds a record (`size` bytes of one of the record types above) to the pending records; it may
/// be delivered once the record clock has passed `end_ns`. `lock` is the fake's lock, held.
void add_record(const std::unique_lock<std::mutex>& lock, const void* record, std::size_t size, std::uint64_t end_ns);

/// Has the fake's worker thread move the completed records into the client's buffers and hand
/// over the buffers that are full, like CUPTI's worker between flushes; returns at once. Call
/// without the lock.
void deliver_full_buffers();

/// Forgets the records of operations still running, as a context's destruction does: what the
/// client did not flush at CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING is never delivered.
void drop_records_in_progress();

/// The CUDA runtime's teardown at exit is over, and CUPTI with it: from now on a CUPTI call
/// aborts the program, as real CUPTI crashes there (seen on an H100 with CUDA 13.0).
void end_cupti();

/// Calls the subscriber's callback if it has `domain` enabled, on the calling thread. Call
/// without the lock: the callback may call CUPTI.
void call_subscriber(CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data);

} // namespace fake_cuda
