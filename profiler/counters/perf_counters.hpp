// SPDX-License-Identifier: BSD-3-Clause
// Hardware counters (instructions and cycles) of one thread through perf_event_open, read in
// user space with rdpmc where the kernel allows it, otherwise with read().
#pragma once

#include "core/thread_counters.hpp"

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

struct perf_event_attr; // <linux/perf_event.h>, kept out of this header

namespace tally::profiler::counters {

/// Instructions and cycles: the sample the core's state machine reads.
using profiler::CounterSample;

/// The system calls the backend makes, as a table so tests can put a fake perf underneath.
/// Each entry behaves like the call it is named after: -1 (or MAP_FAILED) and errno on failure.
struct PerfSystem {
  int (*perf_event_open)(perf_event_attr* attr, pid_t pid, int cpu, int group_fd, unsigned long flags);
  void* (*mmap)(void* address, std::size_t length, int protection, int flags, int fd, off_t offset);
  int (*munmap)(void* address, std::size_t length);
  ssize_t (*read)(int fd, void* buffer, std::size_t count);
  int (*close)(int fd);
  /// The value of /proc/sys/kernel/perf_event_paranoid, or paranoid_unknown.
  int (*perf_event_paranoid)();
};
inline constexpr int paranoid_unknown = -1000;

/// The kernel's perf_event interface: the default of every ThreadCounters.
extern const PerfSystem kernel_perf_system;

/// The counters of the thread that opened them, as one perf event group (so both count over
/// the same intervals even when the PMU is multiplexed). Not copyable; closes its descriptors
/// when destroyed. read() is async-signal-safe, allocation-free, lock-free and keeps errno.
class ThreadCounters final : public ThreadCounterReader {
public:
  constexpr ThreadCounters() noexcept = default;
  explicit constexpr ThreadCounters(const PerfSystem& system) noexcept : system_(&system) {}
  ~ThreadCounters() override { close(); }

  /// Opens the counters for the calling thread, counting user space only, and checks that they
  /// can be read. On failure returns false and sets `reason` (one line). Closes first if open.
  bool open(std::string& reason);
  /// Closes the descriptors (e.g. in a forked child, whose copies measure the parent's thread).
  void close() noexcept;
  bool is_open() const noexcept { return instructions_fd_ >= 0; }

  /// Counts since open(); zeros when not open. Must be called from the thread that opened them.
  /// If the kernel refuses a read, returns the last good sample and counts the error.
  CounterSample read() const noexcept override;
  /// Whether reads go through rdpmc (true) or the read() system call (false).
  bool reads_in_user_space() const noexcept { return instructions_page_ != nullptr; }
  /// Reads the kernel refused since open(), for the one warning at the end.
  std::uint64_t read_errors() const noexcept { return read_errors_; }
  /// Share of the time since open() the counters were on the PMU: 1.0 unless the PMU was
  /// multiplexed (counts are then undercounts), 0.0 when closed or unreadable. A system call.
  double running_fraction() const noexcept;

private:
  bool read_with_system_call(CounterSample& sample, std::uint64_t* enabled_ns = nullptr,
                             std::uint64_t* running_ns = nullptr) const noexcept;

  const PerfSystem* system_ = &kernel_perf_system;
  int instructions_fd_ = -1; ///< group leader
  int cycles_fd_ = -1;
  void* instructions_page_ = nullptr; ///< perf mmap page, only while rdpmc is allowed
  void* cycles_page_ = nullptr;
  // Written by read(), which is logically const: the counts do not depend on them.
  mutable CounterSample last_{};
  mutable std::uint64_t read_errors_ = 0;
};

/// Checks once whether counters can be opened and count on this machine; empty string when
/// they can, otherwise the reason (for the one warning and the document's environment).
std::string probe_counters(const PerfSystem& system = kernel_perf_system);

} // namespace tally::profiler::counters
