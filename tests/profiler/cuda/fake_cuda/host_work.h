// SPDX-License-Identifier: BSD-3-Clause
/* Host computation of a known length for the fake CUDA programs: sleeping until a deadline, not
 * spinning, so that the duration stays exact when processes share cores. To the profiler it is
 * useful time either way. */
#ifndef TALLY_FAKE_CUDA_HOST_WORK_H
#define TALLY_FAKE_CUDA_HOST_WORK_H

#include <errno.h>
#include <time.h>

static inline void compute_ms(double ms) {
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  const long nanoseconds = (long)(ms * 1e6);
  const long sum = deadline.tv_nsec + nanoseconds % 1000000000L;
  deadline.tv_sec += nanoseconds / 1000000000L + sum / 1000000000L;
  deadline.tv_nsec = sum % 1000000000L;
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {
  }
}

#endif /* TALLY_FAKE_CUDA_HOST_WORK_H */
