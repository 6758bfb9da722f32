// SPDX-License-Identifier: BSD-3-Clause
// What the state machine needs of a thread's hardware counters: one read per change of the
// useful state. The counters backend implements it (counters/perf_event.cpp) and attaches one
// to each new thread (Backend::on_thread_start); the core knows no counter technology.
#pragma once

#include <cstdint>

namespace tally::profiler {

/// Counts of one thread since its counters were opened.
struct CounterSample {
  std::uint64_t instructions = 0;
  std::uint64_t cycles = 0;
};

/// A thread's open hardware counters, read only by the thread that opened them.
class ThreadCounterReader {
public:
  ThreadCounterReader() = default;
  ThreadCounterReader(const ThreadCounterReader&) = delete;
  ThreadCounterReader& operator=(const ThreadCounterReader&) = delete;
  /// Closes the counters.
  virtual ~ThreadCounterReader() = default;
  /// The counts now. On the hot path: async-signal-safe, no allocation, lock or logging, keeps
  /// errno; a failed read returns the last good sample.
  virtual CounterSample read() const noexcept = 0;
};

} // namespace tally::profiler
