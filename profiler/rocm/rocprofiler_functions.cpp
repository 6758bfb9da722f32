// SPDX-License-Identifier: BSD-3-Clause
// dlsym of rocprofiler-sdk's functions.
#include "rocm/rocprofiler_functions.hpp"

#include <dlfcn.h>

namespace tally::profiler::rocm {
namespace {

template <class Function> bool resolve(Function& out, const char* name, std::string& missing) {
  out = reinterpret_cast<Function>(dlsym(RTLD_DEFAULT, name));
  if (!out && missing.empty()) missing = name;
  return out != nullptr;
}

} // namespace

bool resolve_rocprofiler(RocprofilerFunctions& out, std::string& missing) {
  missing.clear();
  // Each looked up even after one is missing: cheap, and the first missing one is named.
  bool all = resolve(out.create_context, "rocprofiler_create_context", missing);
  all = resolve(out.start_context, "rocprofiler_start_context", missing) && all;
  all = resolve(out.query_available_agents, "rocprofiler_query_available_agents", missing) && all;
  all =
      resolve(out.configure_callback_tracing_service, "rocprofiler_configure_callback_tracing_service", missing) && all;
  all = resolve(out.create_buffer, "rocprofiler_create_buffer", missing) && all;
  all = resolve(out.configure_buffer_tracing_service, "rocprofiler_configure_buffer_tracing_service", missing) && all;
  all = resolve(out.flush_buffer, "rocprofiler_flush_buffer", missing) && all;
  all = resolve(out.get_timestamp, "rocprofiler_get_timestamp", missing) && all;
  all = resolve(out.get_status_string, "rocprofiler_get_status_string", missing) && all;
  return all;
}

} // namespace tally::profiler::rocm
