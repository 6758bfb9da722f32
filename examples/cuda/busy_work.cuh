// SPDX-License-Identifier: BSD-3-Clause
// Work of a known length on the GPU and on the CPU, shared by pils and the programs of bench/gpu.
#pragma once

#include <ctime>

namespace tally_examples {

/// CLOCK_MONOTONIC in milliseconds: the clock the profiler measures the host with.
inline double now_ms() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

/// Busy for `ms` of GPU time on every thread it is launched with. %globaltimer counts
/// nanoseconds whatever the SM clock, so the length does not depend on the GPU's frequency.
__global__ void gpu_work(double ms, float* sink) {
  unsigned long long start = 0;
  unsigned long long now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  const auto duration = static_cast<unsigned long long>(ms * 1e6);
  float x = static_cast<float>(threadIdx.x);
  do {
    for (int i = 0; i < 64; ++i)
      x = x * 0.999999f + 1.0f;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < duration);
  if (x == -1.0f) *sink = x; // never true; keeps the loop from being optimised away
}

/// Busy for `ms` of host time, computing; returns what it computed.
inline double cpu_work(double ms) {
  const double until = now_ms() + ms;
  double x = 1.0;
  while (now_ms() < until) {
    for (int i = 0; i < 1000; ++i)
      x = x * 0.9999999 + 1e-7;
  }
  return x;
}

} // namespace tally_examples
