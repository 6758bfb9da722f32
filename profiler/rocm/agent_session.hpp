// SPDX-License-Identifier: BSD-3-Clause
// The device side of one run of a HIP program: the GPU agents, the timeline the buffer records
// feed, the region windows, and when to flush and settle (README.md, "Settling"). What it needs of
// rocprofiler-sdk comes as two plain functions, so that it is tested without its headers.
#pragma once

#include "core/device_regions.hpp"
#include "core/device_timeline.hpp"
#include "core/process_summary.hpp"
#include "rocm/agent_operations.hpp"
#include "rocm/agent_table.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace tally::profiler::rocm {

/// rocprofiler-sdk as the session uses it.
struct RuntimeHooks {
  void* context = nullptr;
  /// rocprofiler_get_timestamp: the clock of its records, which the windows use too.
  std::uint64_t (*now_ns)(void* context) = nullptr;
  /// rocprofiler_flush_buffer: hands every completed record to on_operations before returning.
  void (*flush)(void* context) = nullptr;
};

class AgentSession {
public:
  /// `agents`: the GPUs of the process, identified to the timeline at once.
  AgentSession(AgentTable agents, RuntimeHooks runtime);

  /// A region visit begins or ends now. Thread-safe. A stop may flush and settle when many windows
  /// or much activity have piled up since the last settle.
  void start_window(RegionHandle region);
  void stop_window(RegionHandle region);

  /// A batch of buffer records (rocprofiler's buffer callback, on its own thread) and the records
  /// rocprofiler dropped since the last batch. Thread-safe.
  void on_operations(std::span<const AgentOperation> operations, std::uint64_t dropped);

  /// rocprofiler-sdk finalizes (its exit handler calls the tool's finalize): the records arrive
  /// now, and rocprofiler is not called again; the run may still end later.
  void on_runtime_finalize();

  /// The end of the run: closes the windows still open, has rocprofiler deliver what it holds (if
  /// it still stands) and settles everything. Call once, after the last region stopped.
  void finish();

  /// What each GPU did during `region`, after finish().
  std::vector<ProcessDevice> devices_of(RegionHandle region) const;
  /// One line per problem of the run (records dropped, late, invalid or of no known GPU).
  std::vector<std::string> problems() const;

private:
  void flush_and_settle();
  std::uint64_t now() const { return runtime_.now_ns(runtime_.context); }

  const AgentTable agents_;
  const RuntimeHooks runtime_;
  DeviceTimeline timeline_;
  DeviceRegions regions_;
  std::mutex settle_mutex_;         // one flush and settle at a time; guards runtime_gone_'s change
  std::uint64_t last_flush_ns_ = 0; // everything that ended before it has been delivered
  bool runtime_gone_ = false;       // rocprofiler finalized: no more flushes
  std::atomic<std::uint64_t> stops_since_check_{0};
  std::atomic<std::uint64_t> dropped_records_{0};
  std::atomic<std::uint64_t> records_without_gpu_{0};
};

} // namespace tally::profiler::rocm
