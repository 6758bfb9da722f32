/* SPDX-License-Identifier: BSD-3-Clause */
/* What one clock read costs, the floor under every state change the profiler marks: a bare rdtsc
 * (region starts and stops), lfence; rdtsc (MPI calls: profiler/core/clock.hpp), rdtscp, and
 * clock_gettime(CLOCK_MONOTONIC) (DLB TALP's clock, and tally's where the TSC is not invariant).
 * Best of 5 loops of 2·10⁷ reads each. Usage: build/bench/clock_reads */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

enum { reads = 20000000, loops = 5 };

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static volatile uint64_t sink;

static uint64_t bare(void) { return __rdtsc(); }
static uint64_t ordered(void) {
  _mm_lfence();
  return __rdtsc();
}
static uint64_t with_rdtscp(void) {
  unsigned processor;
  return __rdtscp(&processor);
}
static uint64_t monotonic(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_nsec;
}

static double best_ns(uint64_t (*read)(void)) {
  double best = 1e9;
  for (int loop = 0; loop < loops; ++loop) {
    const double start = seconds();
    for (int i = 0; i < reads; ++i)
      sink += read();
    const double ns = (seconds() - start) / reads * 1e9;
    if (ns < best) best = ns;
  }
  return best;
}

int main(void) {
  printf("ns per read (best of %d loops of %d)\n", loops, reads);
  printf("rdtsc %.1f  lfence;rdtsc %.1f  rdtscp %.1f  clock_gettime %.1f\n", best_ns(bare), best_ns(ordered),
         best_ns(with_rdtscp), best_ns(monotonic));
  return 0;
}
