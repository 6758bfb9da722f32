// The one list of backends the core knows. Adding a backend is a folder, one entry in
// backend_list.cpp and one CMake call.
#pragma once

#include <span>

namespace tally::profiler {

struct Backend {
  const char* name;
  /// At library load in a measured process, after the options are read. A backend that will
  /// start the run later (MPI at MPI_Init) sets process().phase to Phase::waiting.
  void (*on_load)();
  /// At process exit, before the core writes a run that is still measuring; may end the run
  /// itself (then process().phase is Phase::done afterwards).
  void (*on_exit)();
};

std::span<const Backend> backends();

} // namespace tally::profiler
