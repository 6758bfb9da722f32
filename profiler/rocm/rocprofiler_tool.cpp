// SPDX-License-Identifier: BSD-3-Clause
// libtally.so as a rocprofiler-sdk tool. When a program starts HIP, ROCm's rocprofiler-register
// finds rocprofiler_configure among the loaded libraries and rocprofiler-sdk calls it; the tool then
// looks up rocprofiler-sdk's functions, traces the HIP runtime API through callbacks (host offload
// time and counts) and kernel dispatches and memory copies through a buffer (each GPU's device
// time), and starts the device session. Nothing here runs in a program that never starts HIP.
#include "core/warnings.hpp"
#include "rocm/hip_api_calls.hpp"
#include "rocm/hip_offload.hpp"
#include "rocm/rocm_backend.hpp"
#include "rocm/rocprofiler_functions.hpp"

#include <rocprofiler-sdk/registration.h>
#include <rocprofiler-sdk/rocprofiler.h>

#include <array>
#include <string>

namespace tally::profiler::rocm {
namespace {

// 4 MiB of records (about 40,000 kernels or copies), handed over at seven eighths full.
constexpr std::size_t buffer_bytes = std::size_t{4} << 20;
constexpr std::size_t buffer_watermark = buffer_bytes - buffer_bytes / 8;

/// What the tool holds of rocprofiler-sdk; filled by rocprofiler_configure and tool_initialize,
/// read-only afterwards.
struct Tool {
  RocprofilerFunctions functions;
  rocprofiler_context_id_t context{};
  rocprofiler_buffer_id_t buffer{};
};
Tool tool;

// ---- the session's view of rocprofiler ----

std::uint64_t timestamp_ns(void*) {
  rocprofiler_timestamp_t now = 0;
  tool.functions.get_timestamp(&now);
  return now;
}

void flush_records(void*) { tool.functions.flush_buffer(tool.buffer); }

// ---- event handlers ----

/// A HIP runtime call's entry or exit, on the thread that makes it.
void on_hip_api(rocprofiler_callback_tracing_record_t record, rocprofiler_user_data_t*, void*) {
  if (record.kind != ROCPROFILER_CALLBACK_TRACING_HIP_RUNTIME_API) return;
  if (record.phase == ROCPROFILER_CALLBACK_PHASE_ENTER) {
    on_hip_call_enter(describe_hip_call(
        record.operation, static_cast<const rocprofiler_callback_tracing_hip_api_data_t*>(record.payload)));
  } else if (record.phase == ROCPROFILER_CALLBACK_PHASE_EXIT) {
    on_hip_call_exit();
  }
}

/// The operation of a buffer record, if it is a kernel dispatch or a memory copy.
bool read_operation(const rocprofiler_record_header_t& header, AgentOperation& out) {
  if (header.category != ROCPROFILER_BUFFER_CATEGORY_TRACING) return false;
  if (header.kind == ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH) {
    const auto& kernel = *static_cast<const rocprofiler_buffer_tracing_kernel_dispatch_record_t*>(header.payload);
    out = {.kind = AgentOperationKind::kernel_dispatch,
           .agent = kernel.dispatch_info.agent_id.handle,
           .queue = kernel.dispatch_info.queue_id.handle,
           .begin_ns = kernel.start_timestamp,
           .end_ns = kernel.end_timestamp};
    return true;
  }
  if (header.kind == ROCPROFILER_BUFFER_TRACING_MEMORY_COPY) {
    const auto& copy = *static_cast<const rocprofiler_buffer_tracing_memory_copy_record_t*>(header.payload);
    out = {.kind = AgentOperationKind::memory_copy,
           .agent = copy.dst_agent_id.handle,
           .source_agent = copy.src_agent_id.handle,
           .begin_ns = copy.start_timestamp,
           .end_ns = copy.end_timestamp};
    return true;
  }
  return false;
}

/// A full or flushed buffer, on rocprofiler's thread (or the flushing one): handed to the session
/// in batches, without allocating per record.
void on_buffer(rocprofiler_context_id_t, rocprofiler_buffer_id_t, rocprofiler_record_header_t** headers,
               std::size_t count, void*, std::uint64_t dropped) {
  AgentSession* session = current_session();
  if (!session) return;
  std::array<AgentOperation, 256> batch{};
  std::size_t filled = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (!headers[i] || !read_operation(*headers[i], batch[filled])) continue;
    if (++filled == batch.size()) {
      session->on_operations(batch, 0);
      filled = 0;
    }
  }
  session->on_operations(std::span(batch.data(), filled), dropped);
}

/// Collects the GPU agents (CPUs are the host side of copies, not devices).
rocprofiler_status_t on_agents(rocprofiler_agent_version_t version, const void** agents, std::size_t count,
                               void* table) {
  if (version != ROCPROFILER_AGENT_INFO_VERSION_0) return ROCPROFILER_STATUS_ERROR_INVALID_ARGUMENT;
  for (std::size_t i = 0; i < count; ++i) {
    const auto& agent = *static_cast<const rocprofiler_agent_v0_t*>(agents[i]);
    if (agent.type != ROCPROFILER_AGENT_TYPE_GPU) continue;
    static_cast<AgentTable*>(table)->add(
        {.handle = agent.id.handle, .pci_domain = agent.domain, .pci_location = agent.location_id});
  }
  return ROCPROFILER_STATUS_SUCCESS;
}

// ---- the tool's life ----

/// One step of the setup: false, after one warning naming the step and rocprofiler's reason.
bool succeeded(rocprofiler_status_t status, const char* step) {
  if (status == ROCPROFILER_STATUS_SUCCESS) return true;
  const char* reason = tool.functions.get_status_string(status);
  warn_once(Warning::hip, std::string("rocprofiler-sdk refused to ") + step + " (" + (reason ? reason : "no reason") +
                              "); HIP is not measured");
  return false;
}

/// Called by rocprofiler-sdk once every tool is configured. Returns 0 when measuring, -1 when not
/// (rocprofiler then leaves the tool out).
int tool_initialize(rocprofiler_client_finalize_t, void*) {
  const RocprofilerFunctions& f = tool.functions;
  AgentTable agents;
  if (!succeeded(f.create_context(&tool.context), "create a context") ||
      !succeeded(f.configure_callback_tracing_service(tool.context, ROCPROFILER_CALLBACK_TRACING_HIP_RUNTIME_API,
                                                      nullptr, 0, on_hip_api, nullptr),
                 "trace the HIP runtime API") ||
      !succeeded(f.create_buffer(tool.context, buffer_bytes, buffer_watermark, ROCPROFILER_BUFFER_POLICY_LOSSLESS,
                                 on_buffer, nullptr, &tool.buffer),
                 "create a buffer") ||
      !succeeded(f.configure_buffer_tracing_service(tool.context, ROCPROFILER_BUFFER_TRACING_KERNEL_DISPATCH, nullptr,
                                                    0, tool.buffer),
                 "trace kernel dispatches") ||
      !succeeded(f.configure_buffer_tracing_service(tool.context, ROCPROFILER_BUFFER_TRACING_MEMORY_COPY, nullptr, 0,
                                                    tool.buffer),
                 "trace memory copies") ||
      !succeeded(f.query_available_agents(ROCPROFILER_AGENT_INFO_VERSION_0, on_agents, sizeof(rocprofiler_agent_v0_t),
                                          &agents),
                 "list the agents")) {
    return -1;
  }
  if (!start_session(std::move(agents), {.context = nullptr, .now_ns = timestamp_ns, .flush = flush_records}))
    return -1;
  // The session is there before the first record or call can arrive.
  return succeeded(f.start_context(tool.context), "start its context") ? 0 : -1;
}

/// Called by rocprofiler-sdk's exit handler, before it stops its threads: the last moment its
/// buffer can be flushed. The run itself may end later (at exit without MPI).
void tool_finalize(void*) {
  if (AgentSession* session = current_session()) session->on_runtime_finalize();
}

} // namespace
} // namespace tally::profiler::rocm

/// rocprofiler-sdk's entry point for tools, found by name among the loaded libraries. Returns how
/// to initialise and finalise the tool, or nullptr when this process does not measure HIP.
extern "C" rocprofiler_tool_configure_result_t* rocprofiler_configure(std::uint32_t, const char*, std::uint32_t,
                                                                      rocprofiler_client_id_t* client) {
  using namespace tally::profiler::rocm;
  if (!wants_hip()) return nullptr;
  if (std::string missing; !resolve_rocprofiler(tool.functions, missing)) {
    tally::profiler::warn_once(tally::profiler::Warning::hip,
                               "the loaded rocprofiler-sdk has no " + missing + "; HIP is not measured");
    return nullptr;
  }
  if (client) client->name = "tally";
  static rocprofiler_tool_configure_result_t result{
      .size = sizeof(rocprofiler_tool_configure_result_t),
      .initialize = tool_initialize,
      .finalize = tool_finalize,
      .tool_data = nullptr,
  };
  return &result;
}
