// SPDX-License-Identifier: BSD-3-Clause
// The rocprofiler-sdk functions the tool calls, looked up at run time among the libraries already
// loaded (rocprofiler-sdk is, when it calls rocprofiler_configure): libtally.so links no ROCm
// library and holds no reference to one of its symbols.
#pragma once

#include <rocprofiler-sdk/rocprofiler.h>

#include <string>

namespace tally::profiler::rocm {

/// rocprofiler-sdk's functions, typed by its own declarations.
struct RocprofilerFunctions {
  decltype(&rocprofiler_create_context) create_context = nullptr;
  decltype(&rocprofiler_start_context) start_context = nullptr;
  decltype(&rocprofiler_query_available_agents) query_available_agents = nullptr;
  decltype(&rocprofiler_configure_callback_tracing_service) configure_callback_tracing_service = nullptr;
  decltype(&rocprofiler_create_buffer) create_buffer = nullptr;
  decltype(&rocprofiler_configure_buffer_tracing_service) configure_buffer_tracing_service = nullptr;
  decltype(&rocprofiler_flush_buffer) flush_buffer = nullptr;
  decltype(&rocprofiler_get_timestamp) get_timestamp = nullptr;
  decltype(&rocprofiler_get_status_string) get_status_string = nullptr;
};

/// Looks every function up with dlsym(RTLD_DEFAULT). False, with the name of the first one
/// missing in `missing`, when the loaded rocprofiler-sdk lacks one.
bool resolve_rocprofiler(RocprofilerFunctions& out, std::string& missing);

} // namespace tally::profiler::rocm
