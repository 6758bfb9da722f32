// SPDX-License-Identifier: BSD-3-Clause
// The hang watchdog's timing rule.
#include "core/hang_rule.hpp"

#include <algorithm>
#include <limits>

namespace tally::profiler {
namespace {

constexpr std::uint64_t ns(std::chrono::seconds seconds) {
  return static_cast<std::uint64_t>(std::chrono::nanoseconds(seconds).count());
}

} // namespace

HangRule hang_rule(std::chrono::seconds timeout, std::optional<std::uint64_t> job_end_s, std::uint64_t unix_now_ns,
                   std::uint64_t now_ns) {
  HangRule rule{ns(std::max(timeout, std::chrono::seconds{0})), std::nullopt};
  if (!job_end_s) return rule;
  const std::uint64_t unix_deadline_ns =
      *job_end_s * 1'000'000'000 - std::min(*job_end_s * 1'000'000'000, ns(job_end_lead));
  rule.deadline_ns = now_ns + (unix_deadline_ns > unix_now_ns ? unix_deadline_ns - unix_now_ns : 0);
  return rule;
}

bool watches(const HangRule& rule) { return rule.timeout_ns > 0 || rule.deadline_ns.has_value(); }

bool names_wait(const HangRule& rule, std::uint64_t since_ns, std::uint64_t now_ns) {
  const std::uint64_t waited = now_ns > since_ns ? now_ns - since_ns : 0;
  if (rule.timeout_ns > 0 && waited >= rule.timeout_ns) return true;
  return rule.deadline_ns && now_ns >= *rule.deadline_ns && waited >= ns(wait_named_at_deadline);
}

std::uint64_t held_until(const HangRule& rule, std::uint64_t now_ns) {
  std::uint64_t until = rule.timeout_ns > 0 ? now_ns + rule.timeout_ns : std::numeric_limits<std::uint64_t>::max();
  if (rule.deadline_ns) until = std::min(until, *rule.deadline_ns + ns(job_end_lead) / 2);
  return std::max(until, now_ns);
}

} // namespace tally::profiler
