// SPDX-License-Identifier: BSD-3-Clause
// When the hang watchdog names a wait: after the hang timeout, and, in a batch job with a known
// end, as the job's time limit nears (Slurm then sends SIGTERM, and SIGKILL KillWait seconds
// later: the hung document must be written before). Pure arithmetic on one clock, in nanoseconds.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace tally::profiler {

/// How long before the job's end rank 0 names the wait in progress. Slurm checks time limits
/// periodically, so its SIGTERM comes at the end time or somewhat after, never before; 30 s leave
/// rank 0 time to write its document and another rank half that to write its own.
inline constexpr std::chrono::seconds job_end_lead{30};

/// After the deadline a wait this long is named at once: a rank that waits a second with its
/// job's end 30 s away is what the job will be killed in, and shorter waits would write a
/// document per MPI call.
inline constexpr std::chrono::seconds wait_named_at_deadline{1};

struct HangRule {
  std::uint64_t timeout_ns = 0;             ///< 0: no hang timeout
  std::optional<std::uint64_t> deadline_ns; ///< job end less job_end_lead, on the watchdog's clock
};

/// The rule for `timeout` (0: none) and a job ending at Unix second `job_end_s` (when known),
/// with `now_ns` on the watchdog's clock read at Unix time `unix_now_ns`. A job already past
/// its deadline has it now.
HangRule hang_rule(std::chrono::seconds timeout, std::optional<std::uint64_t> job_end_s, std::uint64_t unix_now_ns,
                   std::uint64_t now_ns);

/// Whether the watchdog has anything to watch for.
bool watches(const HangRule& rule);

/// Whether a wait that started at `since_ns` is named at `now_ns`: it lasted the timeout, or the
/// deadline has passed and it lasted wait_named_at_deadline.
bool names_wait(const HangRule& rule, std::uint64_t since_ns, std::uint64_t now_ns);

/// When a rank other than 0 that named its wait at `now_ns` writes its own document, unless rank
/// 0's has appeared by then: one more timeout, but no later than halfway from the deadline to the
/// job's end.
std::uint64_t held_until(const HangRule& rule, std::uint64_t now_ns);

} // namespace tally::profiler
