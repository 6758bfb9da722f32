// SPDX-License-Identifier: BSD-3-Clause
// The hang watchdog, a task of the helper thread (helper_thread.hpp): it names the run's main
// thread when it has waited inside one runtime call (MPI) or in the device runtime for longer
// than TALLY_HANG_TIMEOUT, and writes the run so far as hung. It never sends a signal, never
// aborts and never calls MPI: the program goes on, and the CI job's own timeout ends it.
#pragma once

#include "tally/model/run_timeline.hpp"

#include <cstdint>
#include <string>

namespace tally::profiler {

/// The helper thread's task: once per episode (one wait in one call) longer than the timeout,
/// one line on stderr and the hung document (rank 0 at the run's usual path; another rank at its
/// own `-rank<r>` path, only when rank 0's has not appeared after one more timeout).
void watch_for_hang(std::uint64_t now);

/// The line the watchdog prints after "tally: ", e.g.
/// `rank 3 (node07) hangs: 600 s in MPI_Recv in region exchange (step > exchange)`.
std::string hang_line(const model::Hang& hang);

} // namespace tally::profiler
