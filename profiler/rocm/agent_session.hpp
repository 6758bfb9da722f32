// SPDX-License-Identifier: BSD-3-Clause
// The device side of one run of a HIP program: the GPU agents, and rocprofiler-sdk as the source
// of the buffer records that the region windows are settled against (core/device_settling.hpp,
// README.md "Settling"). What it needs of rocprofiler-sdk comes as two plain functions, so that it
// is tested without its headers.
#pragma once

#include "core/device_settling.hpp"
#include "core/process_summary.hpp"
#include "rocm/agent_operations.hpp"
#include "rocm/agent_table.hpp"

#include <atomic>
#include <cstdint>
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

class AgentSession final : private DeviceRecordSource {
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
  std::uint64_t now_ns() override { return runtime_.now_ns(runtime_.context); }
  /// rocprofiler's flush delivers every completed record, the last one as the others.
  void flush(bool /*last*/) override { runtime_.flush(runtime_.context); }

  const AgentTable agents_;
  const RuntimeHooks runtime_;
  DeviceSettling settling_{*this};
  std::atomic<std::uint64_t> dropped_records_{0};
  std::atomic<std::uint64_t> records_without_gpu_{0};
};

} // namespace tally::profiler::rocm
