// SPDX-License-Identifier: BSD-3-Clause
// The library's entry and exit: the process's load and exit (process.hpp) with the backends
// compiled in. Only in libtally.so, never in test executables, which drive the same functions.
#include "core/backend.hpp"
#include "core/process.hpp"

namespace tally::profiler {
namespace {

__attribute__((constructor)) void on_library_load() { load_process(backend_list()); }

__attribute__((destructor)) void on_library_exit() { exit_process(); }

} // namespace
} // namespace tally::profiler
