// SPDX-License-Identifier: BSD-3-Clause
// The pieces of the kernel's perf_event ABI this backend relies on: the layout of a group
// read and the mmap page seqlock protocol for rdpmc. Internal; header-only so tests can drive
// the protocol with a fake page and a fake rdpmc.
#pragma once

#include <linux/perf_event.h>

#include <atomic>
#include <cstdint>

namespace tally::profiler::counters::abi {

/// What read() returns for a group leader opened with PERF_FORMAT_GROUP |
/// PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING: values in the order the
/// events joined the group (leader first).
struct GroupRead {
  std::uint64_t nr;
  std::uint64_t time_enabled_ns;
  std::uint64_t time_running_ns;
  std::uint64_t values[2];
};
inline constexpr std::uint64_t group_read_format =
    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

/// The count an mmap page describes: `offset` plus the raw counter value, which is only
/// `pmc_width` bits wide and signed, sign-extended to 64 bits (linux/perf_event.h). The sum
/// wraps like the kernel's u64 count does.
constexpr std::uint64_t user_page_count(std::int64_t offset, std::uint64_t raw_pmc, unsigned pmc_width) noexcept {
  // A width the kernel never sets (0 or above 64) is taken as the full 64 bits rather than
  // shifting by 64, which is undefined.
  const unsigned shift = (pmc_width == 0 || pmc_width >= 64) ? 0 : 64 - pmc_width;
  // C++20 defines both shifts: left wraps modulo 2^64, right on a signed value is arithmetic.
  const auto pmc = static_cast<std::int64_t>(raw_pmc << shift) >> shift;
  return static_cast<std::uint64_t>(offset) + static_cast<std::uint64_t>(pmc);
}

/// Reads the count of `page` with `read_pmc(counter)` (rdpmc on x86-64) under the page's
/// seqlock. Returns false, without having read, when the page does not allow it right now
/// (cap_user_rdpmc clear, or index 0: the event is not on the PMU), so the caller falls back to
/// the read() system call. Async-signal-safe: it only reads memory.
template <class ReadPmc>
inline bool read_user_page(const perf_event_mmap_page& page, ReadPmc read_pmc, std::uint64_t& count) noexcept {
  // The kernel rewrites the page when the thread is scheduled in or out, on this CPU and thus
  // like a signal handler would: volatile loads plus compiler fences are the whole protocol.
  const volatile perf_event_mmap_page& shared = page;
  std::uint32_t sequence = 0;
  std::uint64_t value = 0;
  do {
    sequence = shared.lock;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    const std::uint32_t index = shared.index;
    if (!shared.cap_user_rdpmc || index == 0) return false;
    value = user_page_count(shared.offset, read_pmc(index - 1), shared.pmc_width);
    std::atomic_signal_fence(std::memory_order_seq_cst);
  } while (shared.lock != sequence);
  count = value;
  return true;
}

} // namespace tally::profiler::counters::abi
