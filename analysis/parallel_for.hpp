// SPDX-License-Identifier: BSD-3-Clause
// Runs body(0..count-1) on a few threads, each index once, claimed through an atomic counter.
// The first exception thrown by a body is rethrown in the caller once every thread has stopped.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tally::analysis {

template <typename Body> void parallel_for(std::size_t count, unsigned threads, const Body& body) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        body(i);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = count; // stop handing out work
      }
    }
  };
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < threads; ++t)
      pool.emplace_back(work);
    work();
  }
  if (failure) std::rethrow_exception(failure);
}

} // namespace tally::analysis
