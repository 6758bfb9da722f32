// SPDX-License-Identifier: BSD-3-Clause
// The C region API of tally.h. Regions count while the run is measured (between MPI_Init and
// MPI_Finalize for MPI programs); outside it the calls do nothing.
#include "tally.h"

#include "core/backend.hpp"
#include "core/process.hpp"
#include "core/region_registry.hpp"
#include "core/thread_state.hpp"
#include "core/warnings.hpp"

namespace tally::profiler {
namespace {

bool measuring(tally_region_t region) { return region >= 0 && process().phase == Phase::measuring; }

std::string name_of(tally_region_t region) {
  const auto names = region_names();
  return static_cast<std::size_t>(region) < names.size() ? names[static_cast<std::size_t>(region)] : "?";
}

} // namespace
} // namespace tally::profiler

extern "C" tally_region_t tally_region_register(const char* name) {
  return name ? tally::profiler::register_region(name) : -1;
}

extern "C" void tally_region_start(tally_region_t region) {
  using namespace tally::profiler;
  if (!measuring(region)) return;
  start_region(this_thread(), region);
}

extern "C" void tally_region_stop(tally_region_t region) {
  using namespace tally::profiler;
  if (!measuring(region)) return;
  switch (stop_region(this_thread(), region)) {
  case StopResult::stopped: return;
  case StopResult::not_started:
    warn_once(Warning::region_misuse, "region \"" + name_of(region) +
                                          "\" stopped without being started; ignored (further misuse not reported)");
    return;
  case StopResult::not_innermost:
    warn_once(Warning::region_misuse, "region \"" + name_of(region) +
                                          "\" stopped while a region started inside it is still open; both are "
                                          "measured from their own start (further misuse not reported)");
    return;
  }
}
